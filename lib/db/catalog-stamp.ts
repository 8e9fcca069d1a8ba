/**
 * A stamp of the stored tools and personas (row count, sum of versions, latest update of each):
 * one cheap aggregate query whose answer changes whenever a tool or persona is saved, switched,
 * renamed or deleted. Callers that cache what they derived from those tables reuse it only while
 * the stamp is unchanged, so every instance sees a change on its next call.
 */
import type { Db } from "./client";

/** The stamp of the stored tools and personas in database `db`; any change to either gives a different one. */
export async function readCatalogStamp(db: Db): Promise<string> {
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT (SELECT COUNT(*) FROM tools) AS tool_count,
           (SELECT COALESCE(SUM(version), 0) FROM tools) AS tool_versions,
           (SELECT MAX(updated_at) FROM tools) AS tool_updated,
           (SELECT COUNT(*) FROM personas) AS persona_count,
           (SELECT COALESCE(SUM(version), 0) FROM personas) AS persona_versions,
           (SELECT MAX(updated_at) FROM personas) AS persona_updated`;
  const row = rows[0] ?? {};
  return Object.values(row).map((value) => (value instanceof Date ? value.toISOString() : String(value))).join("|");
}
