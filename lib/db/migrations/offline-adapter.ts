/**
 * A stand-in database for pure schema diffs (schema → schema), which need no server. The wasm
 * engine still opens a connection first: on PostgreSQL it asks whether the schema exists and
 * which server version it talks to. This stand-in answers that one probe and refuses anything
 * else, so a diff that would really need a database fails loudly instead of guessing.
 */
import {
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
} from "@prisma/driver-adapter-utils";
import type { Dialect } from "../database-url";

/**
 * The version reported to the engine. The SQL Prisma generates for Quiver's schema (tables,
 * enums, indexes, foreign keys) is the same on every supported PostgreSQL; the drift test
 * applies the migrations to a real server and diffs it against the schema, which would catch
 * any difference.
 */
const POSTGRES_VERSION = { text: "PostgreSQL 15.0", number: 150000 };

function refuse(what: string): Promise<never> {
  return Promise.reject(new Error(`A pure schema diff needs no database, but the engine asked to ${what}.`));
}

function answerProbe(query: SqlQuery): Promise<SqlResultSet> {
  if (!/^SELECT EXISTS\(SELECT 1 FROM pg_namespace/.test(query.sql)) return refuse(`run: ${query.sql}`);
  return Promise.resolve({
    columnNames: ["exists", "version", "numeric_version"],
    columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
    rows: [[true, POSTGRES_VERSION.text, POSTGRES_VERSION.number]],
  });
}

function offlineAdapter(provider: "sqlite" | "postgres"): SqlDriverAdapter {
  return {
    provider,
    adapterName: "quiver-offline",
    queryRaw: (query) => (provider === "postgres" ? answerProbe(query) : refuse(`run: ${query.sql}`)),
    executeRaw: (query) => refuse(`run: ${query.sql}`),
    executeScript: () => refuse("run a script"),
    startTransaction: () => refuse("start a transaction"),
    getConnectionInfo: () => ({ supportsRelationJoins: true }),
    dispose: () => Promise.resolve(),
  };
}

/** An adapter factory for `dialect` that never touches a database. */
export function offlineAdapterFactory(dialect: Dialect): SqlMigrationAwareDriverAdapterFactory {
  const provider = dialect === "sqlite" ? "sqlite" : "postgres";
  return {
    provider,
    adapterName: "quiver-offline",
    connect: () => Promise.resolve(offlineAdapter(provider)),
    connectToShadowDb: () => Promise.resolve(offlineAdapter(provider)),
  };
}
