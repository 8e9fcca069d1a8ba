/**
 * Where Quiver's OAuth authorization server and its protected resources live (issue 24). The
 * issuer is Quiver's public origin (`NEXTAUTH_URL`'s): the authorization server's endpoints sit
 * under {@link OAUTH_PATH_PREFIX}, its metadata at the origin's `/.well-known/oauth-authorization-server`
 * (RFC 8414 for an issuer without a path). Each persona's MCP URL is a protected resource of its
 * own: an access token is bound to exactly one of them (RFC 8707), and each publishes its metadata
 * at the path-suffixed address RFC 9728 describes.
 */
import { SLUG_PATTERN } from "../../personas/server";
import { DOOR_PATH_PREFIX } from "../door-path";

/** The authorization server's endpoints (authorize, token, register, revoke, introspect, jwks). */
export const OAUTH_PATH_PREFIX = "/oauth";

/** The authorization endpoint, where the operator's browser is sent. */
export const AUTHORIZATION_PATH = `${OAUTH_PATH_PREFIX}/authorize`;

/** Dynamic client registration (RFC 7591): open to anyone, so counted per address (registration-limit.ts). */
export const REGISTRATION_PATH = `${OAUTH_PATH_PREFIX}/register`;

/** RFC 8414 and OpenID Connect discovery, both answered by the authorization server. */
export const AUTHORIZATION_SERVER_METADATA_PATHS = ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"] as const;

/** RFC 9728's well-known prefix; the resource's path follows it. */
export const PROTECTED_RESOURCE_METADATA_PREFIX = "/.well-known/oauth-protected-resource";

const MCP_PATH = new RegExp(`^${DOOR_PATH_PREFIX}/personas/([^/]+)/mcp$`);

/** The MCP URL of persona `slug` on `origin`: the resource an access token is bound to. */
export function mcpResourceUrl(origin: string, slug: string): string {
  return `${origin}${DOOR_PATH_PREFIX}/personas/${slug}/mcp`;
}

/** The persona whose MCP path `pathname` is, or null (not an MCP path, or not a slug Quiver could have). */
export function personaOfMcpPath(pathname: string): string | null {
  const slug = pathname.match(MCP_PATH)?.[1];
  return slug !== undefined && SLUG_PATTERN.test(slug) ? slug : null;
}

/** The persona a resource indicator names, when it is one of `origin`'s MCP URLs exactly (no query, no fragment); else null. */
export function personaOfResource(origin: string, resource: string): string | null {
  if (!resource.startsWith(`${origin}/`)) return null;
  return personaOfMcpPath(resource.slice(origin.length));
}

/** Where persona `slug`'s protected-resource metadata is published (RFC 9728 §3.1: the well-known prefix, then the resource's path). */
export function protectedResourceMetadataUrl(origin: string, slug: string): string {
  return `${origin}${PROTECTED_RESOURCE_METADATA_PREFIX}${DOOR_PATH_PREFIX}/personas/${slug}/mcp`;
}

/**
 * The `WWW-Authenticate` value of a 401 from persona `slug`'s MCP endpoint: where a client learns
 * how to get a token (RFC 9728 §5.1), and, when it sent one, that it is not good here
 * (`invalid_token`, RFC 6750 §3.1: time to refresh it or ask again).
 */
export function mcpChallenge(origin: string, slug: string, { tokenSent = false } = {}): string {
  return `Bearer resource_metadata="${protectedResourceMetadataUrl(origin, slug)}"${tokenSent ? ', error="invalid_token"' : ""}`;
}

/** Whether a request target (`/oauth/token?…`, `/.well-known/…`) is the authorization server's or a protected resource's metadata. */
export function isOauthPath(target: string | undefined): boolean {
  // Asked of every request the gateway gets, tool calls included: two prefix checks settle most.
  if (target === undefined || !(target.startsWith(OAUTH_PATH_PREFIX) || target.startsWith("/.well-known/"))) return false;
  const pathname = target.split("?")[0] as string;
  return (
    pathname === OAUTH_PATH_PREFIX ||
    pathname.startsWith(`${OAUTH_PATH_PREFIX}/`) ||
    (AUTHORIZATION_SERVER_METADATA_PATHS as readonly string[]).includes(pathname) ||
    pathname === PROTECTED_RESOURCE_METADATA_PREFIX ||
    pathname.startsWith(`${PROTECTED_RESOURCE_METADATA_PREFIX}/`)
  );
}
