/**
 * A persona's tools as the MCP SDK's `tools/list` entries: the provider module's MCP spec
 * (lib/tools/providers/mcp.ts holds the shape and its rules), typed for the SDK, so the MCP
 * server and `?format=mcp` serve the very same entries.
 */
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { toProviderSpecs, type Tool } from "../tools";

/** The `tools/list` entries for `tools`, in order. */
export function mcpToolList(tools: readonly Tool[]): McpTool[] {
  return toProviderSpecs(tools, "mcp").map((spec) => ({ ...spec, inputSchema: spec.inputSchema as McpTool["inputSchema"] }));
}
