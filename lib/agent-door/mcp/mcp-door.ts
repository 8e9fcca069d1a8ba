import "server-only";

/**
 * The agents' door as the MCP server uses it: the runtime API's own admission (key, rate limit),
 * live tool list and call path, so a key, a limit or a switch means the same on both doors; and
 * the host names Quiver answers as, from the environment (validated at start-up).
 */
import { catalogStampSavedAt, readCatalogStamp } from "../../catalog";
import { getDb } from "../../db/client";
import { CatalogChangeBus } from "../catalog-change-bus";
import { admitAgent } from "../http";
import { consumeAgentRateLimit } from "../rate-limit";
import { callAgentTool } from "../call";
import type { McpDoor } from "./mcp-server";
import { allowedHostnamesFromEnv } from "../settings";
import { agentToolList } from "../snapshot";
import { asMcpTools } from "./mcp-tools";

let hostnames: readonly string[] | null = null;

/** The real door: what `/api/v1/personas/{slug}/mcp` hands to `handleMcpRequest`. */
export const agentMcpDoor: McpDoor = {
  admit: admitAgent,
  consumeRateLimit: consumeAgentRateLimit,
  // The snapshot's `?format=mcp` list (kept per stored state), with the meta-tools for a persona in search mode.
  listTools: async ({ personaSlug, catalogStamp }) => asMcpTools((await agentToolList(personaSlug, "mcp", catalogStamp, { deferred: false }))?.specs ?? []),
  callTool: callAgentTool,
  changes: new CatalogChangeBus(() => readCatalogStamp(getDb()), undefined, catalogStampSavedAt),
  get allowedHostnames() {
    hostnames ??= allowedHostnamesFromEnv(process.env);
    return hostnames;
  },
};
