/**
 * The Prisma driver adapter for a database URL. The same factory serves the query client and
 * the migration engine, so both open SQLite and PostgreSQL the same way.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import type { SqlDriverAdapter } from "@prisma/driver-adapter-utils";
import { dialectOf, postgresTarget, sqliteFilePath } from "./database-url";

/**
 * Set on every SQLite connection. WAL lets readers go on while a writer commits (the call log,
 * rate-limit counts and "last used" are written in the background of agent calls; in the default
 * rollback journal each of those writes blocks every read for its whole fsync). With WAL,
 * `synchronous = NORMAL` is still crash-safe (a power loss can lose the last commits, never
 * corrupt the file), and it spares an fsync per commit. journal_mode is stored in the file, so
 * backups (SQLite's backup API) and other tools see WAL too; busy_timeout makes a second process
 * (a migration, a backup) wait for a lock instead of failing at once.
 */
export const SQLITE_PRAGMAS = "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;";

/** better-sqlite3's adapter factory with {@link SQLITE_PRAGMAS} applied to each connection it opens. */
class TunedSqlite extends PrismaBetterSqlite3 {
  override async connect(): Promise<SqlDriverAdapter> {
    const adapter = await super.connect();
    await adapter.executeScript(SQLITE_PRAGMAS);
    return adapter;
  }
}

/** How long opening a PostgreSQL connection may take before the query that needed it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** A migration-aware adapter factory (better-sqlite3 or pg) for `url`. */
export function createAdapterFactory(url: string): PrismaBetterSqlite3 | PrismaPg {
  if (dialectOf(url) === "sqlite") return new TunedSqlite({ url: sqliteFilePath(url) });
  const { connectionString, schema } = postgresTarget(url);
  // search_path makes raw SQL (migrations, tests) land in the same schema the client queries.
  // A connection that cannot be opened in time fails the query instead of leaving it waiting:
  // pg's default is to wait forever on a server that accepts and never answers.
  return new PrismaPg({ connectionString, options: `-c search_path="${schema}"`, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }, { schema });
}
