/**
 * The adapter the drift check reads a live database through. On PostgreSQL the engine's
 * introspection selects catalog columns of type `"char"` (OID 18), which @prisma/adapter-pg does
 * not map and refuses. Those values arrive as one-character strings, so the adapter's pool here
 * reports them as text. Only the drift check needs this; applying migrations never introspects.
 */
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { createAdapterFactory } from "../../lib/db/adapter";

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

interface QueryResultFields {
  fields: { dataTypeID: number }[];
}

/** Wraps `pool.query` so `"char"` columns are reported as text. */
function reportCharAsText(pool: { query: unknown }): void {
  const query = (pool.query as (...args: unknown[]) => Promise<QueryResultFields>).bind(pool);
  pool.query = async (...args: unknown[]) => {
    const result = await query(...args);
    for (const field of result.fields) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    return result;
  };
}

/** An adapter factory for `url` whose introspection queries the engine can read. */
export function introspectionAdapterFactory(url: string): SqlMigrationAwareDriverAdapterFactory {
  const factory = createAdapterFactory(url);
  if (factory.provider === "sqlite") return factory;
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      reportCharAsText(adapter.underlyingDriver());
      return adapter;
    },
    connectToShadowDb: () => Promise.reject(new Error("The drift check reads the database; it needs no shadow database.")),
  };
}
