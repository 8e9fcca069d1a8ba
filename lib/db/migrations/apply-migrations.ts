/**
 * Applies a dialect's pending migrations to a database through the wasm schema engine, which
 * records them in `_prisma_migrations` exactly as `prisma migrate deploy` does — so either tool
 * can take over from the other.
 */
import { createAdapterFactory } from "../adapter";
import { dialectOf, postgresTarget, prepareSqliteFile } from "../database-url";
import { MIGRATIONS_DIRS, readCurrentSchema } from "./dialect-schemas";
import { readMigrationsList } from "./migrations-folder";
import { NO_FILTERS, withSchemaEngine } from "./schema-engine";

/** The migrations folder to apply; tests point it elsewhere. Defaults to the dialect's folder. */
export interface ApplyOptions {
  readonly migrationsDir?: string;
}

/**
 * Applies pending migrations to the database at `url` (creating a SQLite file and its folder, or
 * a PostgreSQL schema, when absent) and returns the names of those it applied, oldest first.
 */
export async function applyPendingMigrations(url: string, options: ApplyOptions = {}): Promise<string[]> {
  const dialect = dialectOf(url);
  if (dialect === "sqlite") prepareSqliteFile(url);
  const factory = createAdapterFactory(url);
  if (dialect === "postgresql") await ensurePostgresSchema(factory, postgresTarget(url).schema);
  const migrationsList = readMigrationsList(dialect, options.migrationsDir ?? MIGRATIONS_DIRS[dialect]);
  const schema = { path: "schema.prisma", content: readCurrentSchema(dialect) };
  return withSchemaEngine(dialect, schema, factory, async (engine) => {
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
    return appliedMigrationNames;
  });
}

/** The migrations hold unqualified names, so the schema DATABASE_URL names must exist first. */
async function ensurePostgresSchema(factory: ReturnType<typeof createAdapterFactory>, schema: string): Promise<void> {
  const adapter = await factory.connect();
  try {
    await adapter.executeScript(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`);
  } finally {
    await adapter.dispose();
  }
}
