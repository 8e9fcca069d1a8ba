/**
 * The Prisma driver adapter for a database URL. The same factory serves the query client and
 * the migration engine, so both open SQLite and PostgreSQL the same way.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { dialectOf, postgresTarget, sqliteFilePath } from "./database-url";

/** A migration-aware adapter factory (better-sqlite3 or pg) for `url`. */
export function createAdapterFactory(url: string): PrismaBetterSqlite3 | PrismaPg {
  if (dialectOf(url) === "sqlite") return new PrismaBetterSqlite3({ url: sqliteFilePath(url) });
  const { connectionString, schema } = postgresTarget(url);
  // search_path makes raw SQL (migrations, tests) land in the same schema the client queries.
  return new PrismaPg({ connectionString, options: `-c search_path="${schema}"` }, { schema });
}
