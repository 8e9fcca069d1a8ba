import "server-only";

/**
 * The agents' door as the MCP server uses it: the runtime API's own admission (key, rate limit),
 * live tool list and call path, so a key, a limit or a switch means the same on both doors.
 */
import { admitAgent, agentToolMethod, callAgentTool, consumeAgentRateLimit, listAgentTools } from "./index";
import type { McpDoor } from "./mcp-server";

/** The real door: what `/api/v1/personas/{slug}/mcp` hands to `handleMcpRequest`. */
export const agentMcpDoor: McpDoor = {
  admit: admitAgent,
  consumeRateLimit: consumeAgentRateLimit,
  async listTools(personaSlug) {
    const tools = await listAgentTools(personaSlug);
    // Only a side-effecting data tool's hint depends on its method: ask for those alone.
    const methods = new Map(
      await Promise.all(
        tools
          .filter((tool) => tool.sideEffect && tool.origin === "data")
          .map(async (tool) => [tool.name, await agentToolMethod(tool.name)] as const),
      ),
    );
    return { tools, methodOf: (name) => methods.get(name) ?? null };
  },
  callTool: callAgentTool,
};
