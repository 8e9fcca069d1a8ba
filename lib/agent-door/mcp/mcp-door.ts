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
import { authenticateMcpAgent } from "../oauth/access-tokens";
import { mcpChallenge } from "../oauth/oauth-urls";
import { allowedHostnamesFromEnv, publicOriginFromEnv } from "../settings";
import { agentToolList } from "../snapshot";
import { asMcpTools } from "./mcp-tools";

let hostnames: readonly string[] | null = null;

/**
 * The runtime API's admission, taking API keys or OAuth access tokens bound to this persona's MCP
 * URL, with an MCP client's way to a token on every 401: the challenge names the persona's
 * protected-resource metadata (RFC 9728 §5.1), where an OAuth-capable client finds the
 * authorization server.
 */
async function admitWithChallenge(request: Request, personaSlug: string): ReturnType<McpDoor["admit"]> {
  const admitted = await admitAgent(request, personaSlug, authenticateMcpAgent);
  if (!admitted.ok && admitted.response.status === 401) {
    const tokenSent = request.headers.has("authorization");
    admitted.response.headers.set("WWW-Authenticate", mcpChallenge(publicOriginFromEnv(process.env), personaSlug, { tokenSent }));
  }
  return admitted;
}

/** The real door: what `/api/v1/personas/{slug}/mcp` hands to `handleMcpRequest`. */
export const agentMcpDoor: McpDoor = {
  admit: admitWithChallenge,
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
