/**
 * A new migration: the SQL that takes each dialect from the schema of its latest migration to
 * the current prisma/schema.prisma. A pure diff of two schema texts — no database, no shadow
 * database. Both dialects get a folder with the same timestamped name.
 */
import type { Dialect } from "../../lib/db/database-url";
import { DIALECTS, MIGRATIONS_DIRS, readCurrentSchema, schemaForDialect } from "../../lib/db/migrations/dialect-schemas";
import { latestSnapshot, writeMigration } from "../../lib/db/migrations/migrations-folder";
import { diffSchemas } from "./schema-diff";

const NAME_PATTERN = /^[a-z0-9][a-z0-9_]*$/;

/** `20261130142501`: the UTC timestamp prefix `prisma migrate dev` uses. */
export function migrationTimestamp(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/** A folder-safe migration name: lower-case, words joined by `_`. */
export function normaliseMigrationName(raw: string): string {
  const name = raw.trim().toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  if (!NAME_PATTERN.test(name)) throw new Error("Name the migration: npm run db:migration -- add_tool_owner");
  return name;
}

/** Where to read the schema and write migrations; tests use a scratch copy. */
export interface NewMigrationOptions {
  readonly now?: Date;
  /** The source schema text (SQLite form); defaults to prisma/schema.prisma. */
  readonly sourceSchema?: string;
  readonly migrationsDirs?: Readonly<Record<Dialect, string>>;
}

/** Creates the migration for both dialects; returns the folder name, or null when nothing changed. */
export async function createMigration(rawName: string, options: NewMigrationOptions = {}): Promise<string | null> {
  const folder = `${migrationTimestamp(options.now ?? new Date())}_${normaliseMigrationName(rawName)}`;
  const dirs = options.migrationsDirs ?? MIGRATIONS_DIRS;
  const plans = await Promise.all(
    DIALECTS.map(async (dialect) => {
      const schema =
        options.sourceSchema === undefined ? readCurrentSchema(dialect) : schemaForDialect(dialect, options.sourceSchema);
      return { dialect, schema, sql: await diffSchemas(dialect, latestSnapshot(dialect, dirs[dialect]), schema) };
    }),
  );
  if (plans.every((plan) => plan.sql === null)) return null;
  for (const plan of plans) {
    // Both histories stay aligned even if only one dialect's SQL changed.
    writeMigration(plan.dialect, folder, plan.sql ?? "-- This is an empty migration.\n", plan.schema, dirs[plan.dialect]);
  }
  return folder;
}
