import "server-only";

/**
 * An MCP client's OAuth access token as an agent identity (issue 24): the token must be one the
 * authorization server issued, unexpired and unrevoked (looked up by its hash), and bound to this
 * persona's MCP URL — a token for persona A is refused on persona B. What it grants then goes
 * through the door like an API key: the same rate limit (counted per grant: one operator's
 * approval of one app) and the same call log, which names the client.
 */
import { agentError } from "../errors";
import { authenticateAgent, bearerToken, type AgentAuthResult } from "../auth";
import { TOKEN_PREFIX } from "../api-keys";
import { knownClients } from "./client-names";
import { mcpResourceUrl } from "./oauth-urls";
import { oauthServerFromEnv } from "./provider";

/** The prefix of an identity admitted by an OAuth grant: its rate-limit key and its call-log key id. */
export const OAUTH_GRANT_KEY_PREFIX = "oauth-grant:";
/** A client names itself at registration, unchecked: the call log keeps this much of the name. */
const MAX_CLIENT_NAME_LENGTH = 100;

/**
 * The identity `token` gives on persona `personaSlug`'s MCP endpoint, or a 401 refusal: unknown,
 * expired or revoked, issued to a client since removed, or bound to another resource.
 */
export async function authenticateAccessToken(token: string, personaSlug: string): Promise<AgentAuthResult> {
  const { issuer: origin, provider } = oauthServerFromEnv();
  const accessToken = await provider.AccessToken.find(token);
  if (accessToken?.grantId === undefined || accessToken.clientId === undefined) return agentError("unauthorized", "The access token is not valid, has expired or was revoked.");
  if (accessToken.aud !== mcpResourceUrl(origin, personaSlug)) {
    return agentError("unauthorized", `The access token is not for persona "${personaSlug}": ask for one with this MCP URL as its resource.`);
  }
  const { clientId } = accessToken;
  const client = (await knownClients([clientId])).get(clientId);
  if (client === undefined) return agentError("unauthorized", "The access token's client is no longer registered.");
  return {
    ok: true,
    identity: { keyId: `${OAUTH_GRANT_KEY_PREFIX}${accessToken.grantId}`, keyName: (client.name ?? clientId).slice(0, MAX_CLIENT_NAME_LENGTH), personaSlug },
  };
}

/**
 * Who is calling an MCP endpoint: an API key (`qv_…`) as on the runtime API, or else an OAuth
 * access token. Only the MCP endpoints take access tokens: their audience is an MCP URL.
 */
export async function authenticateMcpAgent(authorization: string | null, personaSlug: string): ReturnType<typeof authenticateAgent> {
  const token = bearerToken(authorization);
  if (token === null || token.startsWith(TOKEN_PREFIX)) return authenticateAgent(authorization, personaSlug);
  return authenticateAccessToken(token, personaSlug);
}
