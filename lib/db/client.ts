/**
 * The one Prisma client, chosen by DATABASE_URL: the client generated for SQLite or the one
 * generated for PostgreSQL, each with its driver adapter (one client cannot serve both dialects).
 * Both expose the same model API, so the rest of lib/db is typed with the SQLite client's type.
 *
 * No `import "server-only"` here: tsx scripts (migrate, seed) import this module too, and the
 * `server-only` package throws outside React's server build. Nothing in lib/db is imported by a
 * client component; Prisma itself would fail to bundle for the browser.
 */
import { createAdapterFactory } from "./adapter";
import { rememberDatabaseUrl } from "./change-signal";
import { configuredDatabaseUrl, dialectOf } from "./database-url";
import { PrismaClient as PostgresClient } from "./generated/postgresql/client";
import { Prisma, PrismaClient as SqliteClient } from "./generated/sqlite/client";

export type Db = SqliteClient;
/** The client inside `$transaction(async (tx) => …)`. */
export type Tx = Prisma.TransactionClient;

/** A new client for `url` (default: DATABASE_URL). The caller owns it and calls `$disconnect()`. */
export function createDb(url: string = configuredDatabaseUrl()): Db {
  const adapter = createAdapterFactory(url);
  // Same models, same API; the PostgreSQL client's types differ only in provider-specific generics.
  const db = dialectOf(url) === "sqlite" ? new SqliteClient({ adapter }) : (new PostgresClient({ adapter }) as unknown as Db);
  rememberDatabaseUrl(db, url);
  return db;
}

const holder = globalThis as typeof globalThis & { quiverDb?: Db };

/**
 * The process-wide client. Kept on `globalThis` so Next.js hot reloads and route bundles share
 * one connection pool instead of opening a new one per module instance.
 */
export function getDb(): Db {
  holder.quiverDb ??= createDb();
  return holder.quiverDb;
}

/**
 * Routes every data-access function to `db` (tests, scripts that target another database).
 * Returns the client it replaced, which the caller may disconnect.
 */
export function setDb(db: Db): Db | undefined {
  const previous = holder.quiverDb;
  holder.quiverDb = db;
  return previous;
}

/** Raw-SQL building blocks and row types, for the domains' query files (same for both dialects). */
export { Prisma };
export type { AuditEvent, Persona } from "./generated/sqlite/client";
