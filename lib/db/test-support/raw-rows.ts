/**
 * Every row of every table, read with plain SQL so a test can assert what is really stored —
 * not what the data-access functions choose to return.
 */
import type { Db } from "../client";
import type { Dialect } from "../database-url";

export type RawRows = Record<string, Record<string, unknown>[]>;

/** All rows of all tables of the database behind `db`, by table name. */
export async function dumpAllTables(db: Db, dialect: Dialect): Promise<RawRows> {
  const tables =
    dialect === "sqlite"
      ? await db.$queryRawUnsafe<{ name: string }[]>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
      : await db.$queryRawUnsafe<{ name: string }[]>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name",
        );
  const dump: RawRows = {};
  for (const { name } of tables) {
    dump[name] = await db.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${name.replaceAll('"', '""')}"`);
  }
  return dump;
}

/** The dump as one searchable text (dates as ISO strings, big integers as digits). */
export function dumpText(rows: RawRows): string {
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value));
}
