import "server-only";
/**
 * Exporting tools: a Quiver export document holding the persisted form of each tool (SPEC §1.1),
 * canonical, secret header values empty (SPEC §5: an export carries the names, never the values),
 * sorted by name. `importTools` (tool-import.ts) reads it back.
 */
import { NotFoundError } from "../errors";
import type { PersistedToolDefinition } from "../tools";
import { listToolDefinitions } from "./tools";

export const TOOL_EXPORT_FORMAT = "quiver.tools";
export const TOOL_EXPORT_VERSION = 1;

export interface ToolExportDocument {
  readonly format: typeof TOOL_EXPORT_FORMAT;
  readonly version: typeof TOOL_EXPORT_VERSION;
  readonly tools: readonly PersistedToolDefinition[];
}

/**
 * The export document of tools `names` (or every stored tool). Definitions are stored in their
 * canonical form with secret values emptied, so they are exported as stored. A name that is not
 * a stored data tool is a NotFoundError naming it.
 */
export async function exportTools(names: readonly string[] | "all"): Promise<ToolExportDocument> {
  const stored = await listToolDefinitions();
  const wanted = names === "all" ? null : new Set(names);
  if (wanted) {
    const known = new Set(stored.map((tool) => tool.name));
    const missing = [...wanted].filter((name) => !known.has(name));
    if (missing.length > 0) throw new NotFoundError(`No stored tool is named ${missing.join(", ")}.`);
  }
  const tools = stored
    .filter((tool) => wanted === null || wanted.has(tool.name))
    // By code unit, not by the database's collation: the same order on SQLite and PostgreSQL.
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((tool) => tool.definition);
  return { format: TOOL_EXPORT_FORMAT, version: TOOL_EXPORT_VERSION, tools };
}
