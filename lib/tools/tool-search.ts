/**
 * The tool list's search box: one rule for data tools (lib/db) and code tools alike, so both
 * halves of the list answer a search the same way.
 */

/** The part of a tool the search looks at. */
export interface SearchableTool {
  readonly name: string;
  readonly description: string;
}

/**
 * True when `search` (trimmed, ignoring case) occurs in the tool's name or in its description.
 * An empty or missing search matches every tool.
 */
export function matchesToolSearch(tool: SearchableTool, search: string | undefined): boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return tool.name.toLowerCase().includes(needle) || tool.description.toLowerCase().includes(needle);
}
