/**
 * A persona's tools as MCP `tools/list` entries: the provider module's MCP specs
 * (lib/tools/providers/mcp.ts holds the shape and its rules) — the very list `?format=mcp` serves,
 * kept with the door's snapshot — typed for the SDK, a page at a time for large personas.
 */
import { ProtocolError, ProtocolErrorCode, type ListToolsResult, type Tool as McpTool } from "@modelcontextprotocol/server";

/** How many tools one `tools/list` page carries; a longer list continues with `nextCursor`. */
export const MCP_TOOLS_PAGE_SIZE = 100;

/** The provider module's MCP specs (`toProviderSpecs(tools, "mcp")`) as the SDK types `tools/list` entries. */
export function asMcpTools(specs: readonly unknown[]): readonly McpTool[] {
  return specs as readonly McpTool[];
}

const cursorAt = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString("base64url");

function offsetOf(cursor: string): number {
  try {
    const { offset } = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { offset?: unknown };
    if (Number.isSafeInteger(offset) && (offset as number) > 0) return offset as number;
  } catch {
    // Falls through to the refusal: a cursor is only ever one this server handed out.
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, "This cursor was not issued by this server: list again from the start.");
}

/**
 * The page of `entries` that `cursor` (opaque, as a previous page handed it out) starts at. The
 * list is read live for every page, so a page boundary can shift when tools are switched between
 * two pages; clients that list page by page see each tool at most once more or miss none that stayed.
 */
export function mcpToolPage(entries: readonly McpTool[], cursor: string | undefined, pageSize = MCP_TOOLS_PAGE_SIZE): ListToolsResult {
  const offset = cursor === undefined ? 0 : offsetOf(cursor);
  const next = offset + pageSize;
  return { tools: entries.slice(offset, next), ...(next < entries.length ? { nextCursor: cursorAt(next) } : {}) };
}
