/**
 * Where the database is and which dialect it speaks. `DATABASE_URL` picks it: a `file:` URL is
 * the embedded SQLite default, `postgresql://` or `postgres://` selects PostgreSQL.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";

export const DEFAULT_DATABASE_URL = "file:./data/quiver.db";

export type Dialect = "sqlite" | "postgresql";

/** The configured database URL, or the embedded default. */
export function configuredDatabaseUrl(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const url = env.DATABASE_URL?.trim();
  return url ? url : DEFAULT_DATABASE_URL;
}

/** The dialect `url` selects; anything that is neither a file nor a PostgreSQL URL is refused. */
export function dialectOf(url: string): Dialect {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  throw new Error(
    "DATABASE_URL must be a SQLite file URL (file:./data/quiver.db) or a PostgreSQL URL (postgresql://…).",
  );
}

/**
 * The absolute path of a SQLite `file:` URL. Relative paths are relative to the project root,
 * which is the working directory of the npm scripts and of `npm start`.
 */
export function sqliteFilePath(url: string, cwd: string = process.cwd()): string {
  const location = url.slice("file:".length).replace(/\?.*$/, "");
  if (location === "" || location === ":memory:") throw new Error("DATABASE_URL must name a SQLite file, not memory.");
  return path.resolve(cwd, location);
}

/**
 * Prepares the SQLite file a fresh checkout migrates: its folder is created, and the file is the
 * owner's alone (0600, also when it already existed) — it holds the operators, the audit trail and
 * the encrypted secrets. SQLite gives its -wal and -shm files the database file's permissions.
 */
export function prepareSqliteFile(url: string): void {
  const file = sqliteFilePath(url);
  mkdirSync(path.dirname(file), { recursive: true });
  closeSync(openSync(file, "a", OWNER_ONLY));
  chmodSync(file, OWNER_ONLY);
}

const OWNER_ONLY = 0o600;

/** PostgreSQL connection settings: the URL without `schema`, and the schema it names (default `public`). */
export function postgresTarget(url: string): { connectionString: string; schema: string } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get("schema") || "public";
  parsed.searchParams.delete("schema");
  return { connectionString: parsed.toString(), schema };
}
