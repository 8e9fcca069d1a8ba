/**
 * What the tool list shows: the stored data-defined tools and the built-in code tools matching
 * the same filters (code tools have no group, so a group filter leaves them out).
 */
import { listToolGroups, listTools, type ToolListFilters, type ToolSummary } from "../db/tools";
import { builtinTools, matchesToolSearch } from "../tools";

export interface CodeToolSummary {
  readonly name: string;
  readonly description: string;
  readonly sideEffect: boolean;
}

export interface ToolListing {
  readonly dataTools: ToolSummary[];
  readonly codeTools: CodeToolSummary[];
  /** Every group in use, for the filter. */
  readonly groups: string[];
}

/** The data and code tools matching `filters` (search matches name or description, ignoring case). */
export async function listToolsForDashboard(filters: ToolListFilters): Promise<ToolListing> {
  const [dataTools, groups] = await Promise.all([listTools(filters), listToolGroups()]);
  const codeTools = filters.group?.trim()
    ? []
    : builtinTools()
        .filter((tool) => matchesToolSearch(tool, filters.search))
        .map(({ name, description, sideEffect }) => ({ name, description, sideEffect }));
  return { dataTools, codeTools, groups };
}
