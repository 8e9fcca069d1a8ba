import "server-only";
/**
 * A stamp of the stored tools and personas (row count, sum of versions, latest update of each):
 * one cheap aggregate query whose answer changes whenever a tool or persona is saved, switched,
 * renamed or deleted. Callers that cache what they derived from those tables reuse it only while
 * the stamp is unchanged, so every instance sees a change on its next call.
 */
import { Prisma, type Db } from "../db/client";

/**
 * The stamp's columns, as a select-list fragment: queries on the agents' hot path add it to their
 * own SELECT (see findApiKeyAndCatalogStamp) so the stamp costs no round trip of its own.
 */
export const CATALOG_STAMP_COLUMNS = Prisma.sql`(SELECT COUNT(*) FROM tools) AS stamp_tool_count,
           (SELECT COALESCE(SUM(version), 0) FROM tools) AS stamp_tool_versions,
           (SELECT MAX(updated_at) FROM tools) AS stamp_tool_updated,
           (SELECT COUNT(*) FROM personas) AS stamp_persona_count,
           (SELECT COALESCE(SUM(version), 0) FROM personas) AS stamp_persona_versions,
           (SELECT MAX(updated_at) FROM personas) AS stamp_persona_updated`;

const STAMP_FIELDS = [
  "stamp_tool_count",
  "stamp_tool_versions",
  "stamp_tool_updated",
  "stamp_persona_count",
  "stamp_persona_versions",
  "stamp_persona_updated",
] as const;

/** The stamp carried by a row that selected {@link CATALOG_STAMP_COLUMNS}. */
export function catalogStampOf(row: Readonly<Record<string, unknown>>): string {
  return STAMP_FIELDS.map((field) => {
    const value = row[field];
    return value instanceof Date ? value.toISOString() : String(value);
  }).join("|");
}

/** When the latest save a stamp records happened (a tool's or persona's update), or null for an empty catalog. */
export function catalogStampSavedAt(stamp: string): Date | null {
  const fields = stamp.split("|");
  const times = [STAMP_FIELDS.indexOf("stamp_tool_updated"), STAMP_FIELDS.indexOf("stamp_persona_updated")]
    .map((index) => fields[index] ?? "")
    // SQLite may answer a time as epoch milliseconds, PostgreSQL as a timestamp.
    .map((text) => (/^\d+$/.test(text) ? Number(text) : Date.parse(text)))
    .filter((time) => !Number.isNaN(time));
  return times.length === 0 ? null : new Date(Math.max(...times));
}

/** The stamp of the stored tools and personas in database `db`; any change to either gives a different one. */
export async function readCatalogStamp(db: Db): Promise<string> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>`SELECT ${CATALOG_STAMP_COLUMNS}`;
  return catalogStampOf(rows[0] ?? {});
}
