import "server-only";
/**
 * What the tool list shows: the built-in code tools and the stored data-defined tools as one
 * paged list. The rule for code tools (few and fixed, so kept out of the database):
 * - they come first, by name, ahead of the data tools in the chosen sort — so they sit on the
 *   first page, and the pages after it are data tools only;
 * - search and the side-effect filter apply to them as to data tools; a group, tag or method
 *   filter leaves them out (they have none of these);
 * - `total` counts both, so a pager computes pages over the whole list.
 */
import { checkToolPageWindow, listToolGroups, listToolMethods, listToolsPage, listToolTags, type ToolListQuery, type ToolSummary } from "./tools";
import { containsSearch, searchCharacters } from "../db/search-pattern";
import { builtinTools } from "../tools";

export type { ToolListQuery, ToolSort } from "./tools";

export interface CodeToolSummary {
  readonly name: string;
  readonly description: string;
  readonly sideEffect: boolean;
}

/** One row of the list: a data-defined tool or a built-in code tool. */
export type ToolListRow = ({ readonly kind: "data" } & ToolSummary) | ({ readonly kind: "code" } & CodeToolSummary);

/** One page of the list and how many tools, of both kinds, match in all. */
export interface ToolListPage {
  readonly rows: ToolListRow[];
  readonly total: number;
}

/** A page with everything the filter menus offer. */
export interface ToolListing extends ToolListPage {
  /** Every group in use, ignoring case. */
  readonly groups: string[];
  /** Every tag in use. */
  readonly tags: string[];
  /** Every HTTP method in use. */
  readonly methods: string[];
}

/** The page `query` asks for (see the module comment for where code tools go). */
export async function listToolPage(query: ToolListQuery): Promise<ToolListPage> {
  checkToolPageWindow(query);
  const codeTools = matchingCodeTools(query);
  const codeRows = codeTools.slice(query.offset, query.offset + query.limit);
  const data = await listToolsPage({
    ...query,
    offset: Math.max(0, query.offset - codeTools.length),
    limit: query.limit - codeRows.length,
  });
  return {
    rows: [...codeRows, ...data.items.map((tool) => ({ kind: "data" as const, ...tool }))],
    total: codeTools.length + data.total,
  };
}

/** The page `query` asks for, with the groups, tags and methods for the filter menus. */
export async function listToolsForDashboard(query: ToolListQuery): Promise<ToolListing> {
  const [page, groups, tags, methods] = await Promise.all([listToolPage(query), listToolGroups(), listToolTags(), listToolMethods()]);
  return { ...page, groups, tags, methods };
}

function matchingCodeTools(query: ToolListQuery): ToolListRow[] {
  if (query.group?.trim() || query.tag?.trim() || query.method?.trim()) return [];
  const search = searchCharacters(query.search);
  return builtinTools()
    .filter((tool) => query.sideEffect === undefined || tool.sideEffect === query.sideEffect)
    .filter((tool) => !search || containsSearch([tool.name, tool.description], search))
    .map(({ name, description, sideEffect }) => ({ kind: "code" as const, name, description, sideEffect }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
