/**
 * Schema diffs through the wasm engine: between two schema texts (no database), and between a
 * live database and a schema (drift detection).
 */
import { dialectOf, type Dialect } from "../../lib/db/database-url";
import { schemaForDialect, readCurrentSchema } from "../../lib/db/migrations/dialect-schemas";
import { introspectionAdapterFactory } from "./introspection-adapter";
import { NO_FILTERS, withSchemaEngine } from "../../lib/db/migrations/schema-engine";

const SCHEMA_FILE = "schema.prisma";

/**
 * A fresh database has only the `public` schema. A diff from nothing declares it anyway; the
 * migrations leave it out so they run unchanged in whatever schema DATABASE_URL names.
 */
const CREATE_PUBLIC_SCHEMA = '-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n';

/** The engine signals a non-empty diff with this exit code when asked to. */
const DIFF_NOT_EMPTY = 2;

function datamodel(content: string) {
  return { tag: "schemaDatamodel" as const, files: [{ path: SCHEMA_FILE, content }] };
}

/**
 * The SQL that turns schema `from` (null: an empty database) into schema `to`, or null when
 * they describe the same database.
 */
export async function diffSchemas(dialect: Dialect, from: string | null, to: string): Promise<string | null> {
  return withSchemaEngine(dialect, { path: SCHEMA_FILE, content: to }, undefined, async (engine) => {
    const result = await engine.diff({
      from: from === null ? { tag: "empty" } : datamodel(from),
      to: datamodel(to),
      script: true,
      exitCode: true,
      filters: NO_FILTERS,
    });
    if (result.exitCode !== DIFF_NOT_EMPTY) return null;
    return (result.stdout ?? "").replace(CREATE_PUBLIC_SCHEMA, "");
  });
}

/**
 * The SQL that would bring the database at `url` to the current schema, or null when it already
 * matches (no drift). `schema` overrides the current schema (the source text, SQLite form).
 */
export async function diffDatabaseToSchema(url: string, sourceSchema?: string): Promise<string | null> {
  const dialect = dialectOf(url);
  const target = sourceSchema === undefined ? readCurrentSchema(dialect) : schemaForDialect(dialect, sourceSchema);
  const factory = introspectionAdapterFactory(url);
  return withSchemaEngine(dialect, { path: SCHEMA_FILE, content: target }, factory, async (engine) => {
    const result = await engine.diff({
      from: { tag: "schemaDatasource", files: [{ path: SCHEMA_FILE, content: target }], configDir: process.cwd() },
      to: datamodel(target),
      script: true,
      exitCode: true,
      filters: NO_FILTERS,
    });
    return result.exitCode === DIFF_NOT_EMPTY ? (result.stdout ?? "") : null;
  });
}
