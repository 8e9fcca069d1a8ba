import "server-only";

/**
 * Quiver as the OAuth 2.1 authorization server of its own MCP endpoints (issue 24), on
 * oidc-provider (an OpenID-certified implementation): authorization code with PKCE (S256, always),
 * dynamic client registration (RFC 7591), resource indicators (RFC 8707: every access token's
 * audience is one persona's MCP URL), refresh tokens rotated on every use (a reused one revokes
 * the whole grant — the library's own reuse detection), revocation and introspection. Everything
 * it keeps is in the database (prisma-adapter.ts), so instances are interchangeable.
 *
 * Clients are public (token endpoint auth `none`): MCP clients are desktop apps, CLIs and agents
 * that cannot keep a secret, and PKCE is what protects their codes. The operator's sign-in and
 * consent happen in the dashboard, at {@link CONSENT_PATH} (the interaction).
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { fetch as undiciFetch } from "undici";
import { executionConfigFromEnv, guardedAgent } from "../../tools";
import { publicOriginFromEnv } from "../settings";
import { OAUTH_PATH_PREFIX, personaOfResource, REGISTRATION_PATH } from "./oauth-urls";
import { PrismaOauthAdapter } from "./prisma-adapter";
import { consumeDocumentFetch } from "./registration-limit";
import { cookieKeysFrom, signingJwkFrom } from "./signing-keys";

/** Access tokens live minutes, so a leaked one is worth little (revoking is immediate anyway: every call looks its token up). */
const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
/** A refresh token lasts 14 days unless used: each use rotates it, and the new one starts afresh. An app idle longer reconnects. */
const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;
/** An operator's approval of an app (the grant) holds a year at most, used or not; revoking it ends it at once. */
const GRANT_TTL_SECONDS = 365 * 24 * 60 * 60;
/** The authorization server's own sign-in session lasts as long as an operator's dashboard session (8 hours). */
const SESSION_TTL_SECONDS = 8 * 60 * 60;
/** The dashboard page where an operator signs in and approves or denies a client (the interaction's uid follows). */
export const CONSENT_PATH = "/oauth-consent";

/** The scope an access token for persona `slug` carries. */
export function personaScope(slug: string): string {
  return `persona:${slug}`;
}

interface OauthProviderSettings {
  /** Quiver's public origin: the issuer, and the origin of every resource (MCP URL). */
  readonly issuer: string;
  /** `NEXTAUTH_SECRET`: the cookies' and the signing key's root. */
  readonly secret: string;
  /** `QUIVER_DESTINATION_ALLOWLIST`: the non-public addresses a client's metadata document may be fetched from. */
  readonly allowlist: readonly string[];
}

/**
 * How the authorization server fetches a client's metadata document (a client whose id is an https
 * URL): through the destination guard, as a tool's request goes — a client id cannot make Quiver
 * reach an internal address the operator allowlist does not admit, by name, literal or rebinding.
 * oidc-provider's own limits stay: 2.5 s, 5 KiB, no redirects, cached by the document's Cache-Control.
 */
function guardedFetch(allowlist: readonly string[]): NonNullable<Configuration["fetch"]> {
  const dispatcher = guardedAgent(allowlist);
  return async (input, init) => {
    const url = input instanceof Request ? input.url : input;
    // undici's fetch, so the guard's dispatcher applies (the library passes its own, which it replaces).
    const response = await undiciFetch(url, { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher });
    return response as unknown as Response;
  };
}

/** The resource server a resource indicator names: one persona's MCP endpoint, or `invalid_target`. */
function resourceServerFor(issuer: string) {
  return async (_ctx: KoaContextWithOIDC, resource: string) => {
    const slug = personaOfResource(issuer, resource);
    if (slug === null) throw new errors.InvalidTarget("resource must be the MCP URL of one of this server's personas");
    return { scope: personaScope(slug), audience: resource, accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS, accessTokenFormat: "opaque" as const };
  };
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * The page a person sees when an authorization request cannot go back to the app (unknown client,
 * a redirect URI that does not match): the OAuth error in plain words, no internals, nothing
 * styled inline (the door's CSP allows no style). The dashboard's own look comes with the consent page.
 */
async function renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }): Promise<void> {
  const escape = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] as string);
  ctx.type = "html";
  ctx.body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>The app could not be connected</title><h1>The app could not be connected to Quiver</h1><p>${escape(out.error_description ?? out.error)} (${escape(out.error)})</p></html>`;
}

/** oidc-provider's configuration for Quiver. */
function oauthConfiguration({ issuer, secret, allowlist }: OauthProviderSettings): Configuration {
  const route = (path: string) => `${OAUTH_PATH_PREFIX}${path}`;
  return {
    adapter: PrismaOauthAdapter,
    clientAuthMethods: ["none"],
    clientDefaults: { grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", id_token_signed_response_alg: "EdDSA" },
    responseTypes: ["code"],
    pkce: { required: () => true },
    // OAuth 2.1: the redirect URI is always sent and compared exactly.
    allowOmittingSingleRegisteredRedirectUri: false,
    cookies: { keys: cookieKeysFrom(secret) },
    jwks: { keys: [signingJwkFrom(secret)] },
    enabledJWA: { idTokenSigningAlgValues: ["EdDSA"] },
    // The operator is the account; the only claim is who they are.
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      registration: { enabled: true, issueRegistrationAccessToken: false },
      // A client may be known by the https URL of its metadata document instead of registering.
      clientIdMetadataDocument: {
        enabled: true,
        ack: "draft-02",
        // Each fetch the document cache cannot answer is counted against the asking address (ctx.ip: the listener's
        // X-Forwarded-For). Outside a request there is no address: the consent page, for a signed-in operator, reading
        // the app it shows — in `npm start` Next.js's copy of this library, whose cache is its own.
        allowFetch: async (ctx) => ctx === undefined || (await consumeDocumentFetch(ctx.ip)).ok,
      },
      revocation: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource at the token endpoint gets the one it was granted.
        useGrantedResource: () => true,
        getResourceServerInfo: resourceServerFor(issuer),
      },
    },
    // Every client gets refresh tokens (no `offline_access` dance: MCP clients do not ask for it), rotated on each use.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_SECONDS,
      Grant: GRANT_TTL_SECONDS,
      Interaction: 10 * 60,
      Session: SESSION_TTL_SECONDS,
    },
    renderError,
    fetch: guardedFetch(allowlist),
    interactions: { url: (_ctx, interaction) => `${CONSENT_PATH}/${interaction.uid}` },
    routes: {
      authorization: route("/authorize"),
      token: route("/token"),
      registration: REGISTRATION_PATH,
      revocation: route("/revoke"),
      introspection: route("/introspect"),
      jwks: route("/jwks"),
      end_session: route("/end-session"),
      pushed_authorization_request: route("/par"),
    },
  };
}

/** The authorization server and its node:http listener. */
export interface OauthServer {
  readonly provider: Provider;
  readonly listener: ReturnType<Provider["callback"]>;
}

/** One per issuer and secret: a test may run servers on several origins in one process. */
const providers = new Map<string, OauthServer>();

/**
 * The authorization server for `settings`, created on first use, with its node:http listener. It
 * holds no state of its own (the database does), so creating one per process — or per copy of
 * lib/ — is harmless.
 */
function oauthProvider(settings: OauthProviderSettings): OauthServer {
  const key = `${settings.issuer}\n${settings.secret}\n${settings.allowlist.join(",")}`;
  let found = providers.get(key);
  if (found === undefined) {
    const provider = new Provider(settings.issuer, oauthConfiguration(settings));
    // X-Forwarded-* are set by the listener itself (oauth-listener.ts), never taken from a client.
    provider.proxy = true;
    found = { provider, listener: provider.callback() };
    providers.set(key, found);
  }
  return found;
}

/**
 * The authorization server this process serves: issuer `NEXTAUTH_URL`'s origin, keys from
 * `NEXTAUTH_SECRET`, metadata documents fetched as `QUIVER_DESTINATION_ALLOWLIST` allows (all
 * checked at start-up).
 */
export function oauthServerFromEnv(): OauthServer & { readonly issuer: string } {
  const issuer = publicOriginFromEnv(process.env);
  const { allowlist } = executionConfigFromEnv(process.env);
  return { issuer, ...oauthProvider({ issuer, secret: process.env.NEXTAUTH_SECRET ?? "", allowlist }) };
}
