/**
 * Every row of every table, read with plain SQL so a test can assert what is really stored —
 * not what the data-access functions choose to return.
 */
import { expect } from "vitest";
import type { Db } from "../client";
import type { Dialect } from "../database-url";

export type RawRows = Record<string, Record<string, unknown>[]>;

/** The names of the database's tables (SQLite's own bookkeeping tables left out). */
async function tableNames(db: Db, dialect: Dialect): Promise<string[]> {
  const tables =
    dialect === "sqlite"
      ? await db.$queryRawUnsafe<{ name: string }[]>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
      : await db.$queryRawUnsafe<{ name: string }[]>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
        );
  return tables.map((table) => table.name);
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * All rows of all tables of the database behind `db`, by table name. Rows are sorted by their
 * text, so two dumps of unchanged tables are equal whatever order the database returns rows in.
 */
export async function dumpAllTables(db: Db, dialect: Dialect): Promise<RawRows> {
  const dump: RawRows = {};
  for (const name of await tableNames(db, dialect)) {
    const rows = await db.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM ${quoted(name)}`);
    dump[name] = rows
      .map((row) => ({ row, text: dumpText({ [name]: [row] }) }))
      .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
      .map(({ row }) => row);
  }
  return dump;
}

/** How many rows each table holds, by table name. */
export async function rowCounts(db: Db, dialect: Dialect): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await tableNames(db, dialect)) {
    const [row] = await db.$queryRawUnsafe<{ count: unknown }[]>(`SELECT COUNT(*) AS count FROM ${quoted(name)}`);
    counts[name] = Number(row!.count);
  }
  return counts;
}

/** The dump as one searchable text (dates as ISO strings, big integers as digits). */
export function dumpText(rows: RawRows): string {
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}

/** What a refusal must throw: an error class, or a pattern its message matches. */
export type ExpectedRefusal = (abstract new (...args: never[]) => Error) | RegExp;

/**
 * Runs `attempt`, which must be refused with `expected` (an error class, or a pattern its message
 * matches), and asserts the refusal changed nothing (SPEC §9): every table keeps its row count and
 * every row — versions included — reads the same as before. Returns the error for further checks.
 */
async function expectRefusalChangesNothing(
  db: Db,
  dialect: Dialect,
  attempt: () => Promise<unknown>,
  expected: ExpectedRefusal,
): Promise<Error> {
  const countsBefore = await rowCounts(db, dialect);
  const rowsBefore = await dumpAllTables(db, dialect);
  const outcome = await attempt().then(() => null, (error: unknown) => error);
  if (outcome === null) throw new Error("Expected a refusal, but the call succeeded.");
  expect(outcome).toBeInstanceOf(Error);
  if (expected instanceof RegExp) expect((outcome as Error).message).toMatch(expected);
  else expect(outcome).toBeInstanceOf(expected);
  expect(await rowCounts(db, dialect), "a refusal changed how many rows a table holds").toEqual(countsBefore);
  expect(await dumpAllTables(db, dialect), "a refusal changed a stored row").toEqual(rowsBefore);
  return outcome as Error;
}

/** {@link expectRefusalChangesNothing} bound to a test file's database, as `refused(attempt, expected)`. */
export function refusalChecker(db: () => Db, dialect: Dialect) {
  return (attempt: () => Promise<unknown>, expected: ExpectedRefusal): Promise<Error> =>
    expectRefusalChangesNothing(db(), dialect, attempt, expected);
}
