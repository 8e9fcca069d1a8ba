/**
 * Drops the PostgreSQL schema a `?schema=` URL names, for scripts outside vitest that create a
 * throwaway schema (the multi-instance e2e spec, the runtime benchmark). Refuses names without
 * `prefix`, so a mistyped URL cannot drop a real schema.
 */
import pg from "pg";

export async function dropPostgresSchema(url: string, prefix: string): Promise<void> {
  const target = new URL(url);
  const schema = target.searchParams.get("schema");
  if (!schema?.startsWith(prefix)) throw new Error(`Refusing to drop schema "${schema}": it does not start with "${prefix}".`);
  target.searchParams.delete("schema");
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE`);
  } finally {
    await client.end();
  }
}
