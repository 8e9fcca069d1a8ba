import "server-only";

/**
 * The authorization request an operator is asked about (issue 24), read and answered through
 * oidc-provider's interaction API from outside its own listener: the dashboard's consent page and
 * its server actions have the browser's cookies, not a node:http request. The interaction is found
 * by the browser's signed interaction cookie (path `/oauth-consent/<uid>`), exactly as
 * `provider.interactionDetails` does, so only the browser that started the request can answer it;
 * a uid alone (a link someone was sent) opens nothing.
 */
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type Provider from "oidc-provider";
import type { InteractionResults } from "oidc-provider";
import { oauthServerFromEnv } from "./provider";

/** The parts of a pending interaction the consent page needs. */
export interface PendingInteraction {
  readonly uid: string;
  readonly clientId: string;
  readonly redirectUri: string;
  /** The resource indicators the client sent (its MCP URLs), in order. */
  readonly resources: readonly string[];
  /** The OpenID scopes it asked for (`openid`, `offline_access`), which an approval grants besides the personas. */
  readonly oidcScopes: readonly string[];
  /** The grant the client already holds from this operator, when it asks again for more. */
  readonly grantId: string | null;
}

/** A request as oidc-provider reads one: only its cookies matter here. */
function requestWithCookies(cookieHeader: string, issuer: string): { request: IncomingMessage; response: ServerResponse } {
  const request = new IncomingMessage(new Socket());
  request.headers = { cookie: cookieHeader, "x-forwarded-proto": new URL(issuer).protocol.slice(0, -1) };
  return { request, response: new ServerResponse(request) };
}

/** oidc-provider's own scopes (its default `scopes`); a persona's scope belongs to its MCP URL instead. */
const OIDC_SCOPES: ReadonlySet<string> = new Set(["openid", "offline_access"]);

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : typeof value === "string" ? [value] : []);

/**
 * The pending interaction `uid`, when `cookieHeader` (the browser's) carries its cookie; null when
 * it expired, was answered already, or was started in another browser.
 */
export async function findPendingInteraction(uid: string, cookieHeader: string): Promise<PendingInteraction | null> {
  const { provider, issuer } = oauthServerFromEnv();
  const { request, response } = requestWithCookies(cookieHeader, issuer);
  let interaction: Awaited<ReturnType<typeof provider.interactionDetails>>;
  try {
    interaction = await provider.interactionDetails(request, response);
  } catch {
    // oidc-provider's SessionNotFound: no cookie, or no such interaction any more.
    return null;
  }
  if (interaction.uid !== uid || interaction.result !== undefined) return null;
  const { params } = interaction;
  return {
    uid,
    clientId: String(params.client_id),
    redirectUri: String(params.redirect_uri ?? ""),
    resources: asList(params.resource),
    // Read from the request, not the prompt's details: a request that needs sign-in first reports only that.
    oidcScopes: String(params.scope ?? "").split(" ").filter((scope) => OIDC_SCOPES.has(scope)),
    grantId: interaction.grantId ?? null,
  };
}

/** A persona's MCP URL and its scope, as a grant holds them. */
export interface ResourceScope {
  readonly resource: string;
  readonly scope: string;
}

/**
 * Records the operator's answer to interaction `uid` and returns where the browser goes next (the
 * authorization endpoint, which sends it back to the app with a code or `access_denied`).
 *
 * `approved`: the personas an approval grants. On a request that named no resource (the operator
 * picked the persona) they become the request's own resource and scope, as if the app had named
 * them: the authorization endpoint resumes with the request's stored parameters, and oidc-provider
 * issues no code for a request naming no resource (`access_denied`, "no scope was granted"),
 * whatever the grant holds.
 *
 * @throws Error when the interaction is gone meanwhile (callers look it up first).
 */
export async function finishInteraction(uid: string, cookieHeader: string, result: InteractionResults, approved: readonly ResourceScope[] = []): Promise<string> {
  const { provider, issuer } = oauthServerFromEnv();
  const { request, response } = requestWithCookies(cookieHeader, issuer);
  const interaction = await provider.interactionDetails(request, response);
  if (interaction.uid !== uid) throw new Error("The interaction cookie names another request.");
  if (approved.length > 0 && asList(interaction.params.resource).length === 0) {
    const scopes = new Set([...String(interaction.params.scope ?? "").split(" ").filter(Boolean), ...approved.map(({ scope }) => scope)]);
    interaction.params.resource = approved.length === 1 ? approved[0]!.resource : approved.map(({ resource }) => resource);
    interaction.params.scope = [...scopes].join(" ");
  }
  // What provider.interactionResult does, with the parameters above saved in the same write.
  interaction.result = result;
  await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
  return interaction.returnTo;
}

/** A client as the consent page describes it. */
export interface RequestingClient {
  readonly name: string | null;
  readonly clientUri: string | null;
  readonly redirectUris: readonly string[];
  /** Whether its details came from its metadata document (its id is that document's https URL), rather than from registering itself. */
  readonly fromMetadataDocument: boolean;
}

/** The client `clientId` (registered, or read from its metadata document), or null when it is gone or its document cannot be read. */
export async function findRequestingClient(clientId: string): Promise<RequestingClient | null> {
  let client: Awaited<ReturnType<Provider["Client"]["find"]>>;
  try {
    client = await oauthServerFromEnv().provider.Client.find(clientId);
  } catch {
    // A metadata document that can no longer be fetched or read (oidc-provider's InvalidClient).
    return null;
  }
  if (client === undefined) return null;
  const fromMetadataDocument = (client as { clientIdMetadataDocument?: boolean }).clientIdMetadataDocument === true;
  return { name: client.clientName ?? null, clientUri: client.clientUri ?? null, redirectUris: client.redirectUris ?? [], fromMetadataDocument };
}

/**
 * Saves the operator's approval: a grant (new, or the one the client already holds) of each
 * persona's MCP URL with its scope, plus any OpenID scope the request needs. Returns its id.
 */
export async function saveGrant(input: { accountId: string; clientId: string; grantId: string | null; resources: readonly ResourceScope[]; oidcScopes: readonly string[] }): Promise<string> {
  const { provider } = oauthServerFromEnv();
  const existing = input.grantId === null ? undefined : await provider.Grant.find(input.grantId);
  const grant = existing ?? new provider.Grant({ accountId: input.accountId, clientId: input.clientId });
  for (const { resource, scope } of input.resources) grant.addResourceScope(resource, scope);
  if (input.oidcScopes.length > 0) grant.addOIDCScope(input.oidcScopes.join(" "));
  return grant.save();
}
