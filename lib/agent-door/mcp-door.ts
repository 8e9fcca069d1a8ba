import "server-only";

/**
 * The agents' door as the MCP server uses it: the runtime API's own admission (key, rate limit),
 * live tool list and call path, so a key, a limit or a switch means the same on both doors.
 */
import { admitAgent, callAgentTool, consumeAgentRateLimit, listAgentTools } from "./index";
import type { McpDoor } from "./mcp-server";

/** The real door: what `/api/v1/personas/{slug}/mcp` hands to `handleMcpRequest`. */
export const agentMcpDoor: McpDoor = {
  admit: admitAgent,
  consumeRateLimit: consumeAgentRateLimit,
  listTools: listAgentTools,
  callTool: callAgentTool,
};
