import "server-only";

/**
 * The operator's consent to an MCP client (issue 24): what the consent page shows — which app asks,
 * where it sends the answer, and per persona how many tools it would reach, read-only and
 * side-effecting — and the two answers, each audited. Approving grants the personas' MCP URLs to
 * the app (an admin's decision, like creating an API key); denying sends `access_denied` back.
 */
import { recordAudit, type Actor } from "../../audit";
import { inTransaction } from "../../db/transactions";
import { NotFoundError, ValidationError } from "../../errors";
import { listResolvedPersonas } from "../../personas/server";
import { rememberApprovedDocumentClient } from "./client-names";
import { findPendingInteraction, findRequestingClient, finishInteraction, saveGrant, type PendingInteraction } from "./interaction";
import { mcpResourceUrl, personaOfResource } from "./oauth-urls";
import { oauthServerFromEnv, personaScope } from "./provider";

/** The longest client name kept in the audit trail: the app chose it itself. */
const CLIENT_NAME_LIMIT = 100;

/** A persona the app may be granted, with what it would reach. */
export interface PersonaOffer {
  readonly slug: string;
  readonly name: string;
  readonly readOnlyTools: number;
  readonly sideEffectingTools: number;
}

/** What the consent page shows. */
export interface ConsentRequestDTO {
  readonly uid: string;
  readonly client: {
    readonly id: string;
    /** The name it gave (registering, or in its metadata document): chosen by the app itself. Null when it gave none. */
    readonly name: string | null;
    /**
     * The host that vouches for the app: its client id is the https URL of its metadata document
     * there, which Quiver read. Null when the app registered itself (nothing vouches for it).
     */
    readonly verifiedHost: string | null;
    /** The host the answer (the code) is sent to. */
    readonly redirectHost: string;
  };
  /** The personas the app asked for by MCP URL; empty when it named none (the operator picks one). */
  readonly requested: readonly PersonaOffer[];
  /** MCP URLs it asked for that name no persona here: such a request cannot be approved. */
  readonly unknownResources: readonly string[];
  /** Every persona, for the picker when it asked for none. */
  readonly personas: readonly PersonaOffer[];
}

/** Every persona with its effective tools counted. */
async function personaOffers(): Promise<PersonaOffer[]> {
  const { personas } = await listResolvedPersonas();
  return personas.map(({ persona, resolution }) => {
    const sideEffectingTools = resolution.available.filter((tool) => tool.sideEffect).length;
    return { slug: persona.slug, name: persona.name, readOnlyTools: resolution.available.length - sideEffectingTools, sideEffectingTools };
  });
}

const hostOf = (uri: string) => (URL.canParse(uri) ? new URL(uri).host : uri);

/**
 * The authorization request `uid` as the consent page shows it, or null when it is not pending in
 * this browser (expired, answered, started elsewhere) or its client is gone.
 */
export async function loadConsentRequest(uid: string, cookieHeader: string): Promise<ConsentRequestDTO | null> {
  const pending = await findPendingInteraction(uid, cookieHeader);
  if (pending === null) return null;
  const client = await findRequestingClient(pending.clientId);
  if (client === null) return null;
  const { issuer } = oauthServerFromEnv();
  const personas = await personaOffers();
  const bySlug = new Map(personas.map((offer) => [offer.slug, offer]));
  const requested: PersonaOffer[] = [];
  const unknownResources: string[] = [];
  for (const resource of pending.resources) {
    const offer = bySlug.get(personaOfResource(issuer, resource) ?? "");
    if (offer === undefined) unknownResources.push(resource);
    else requested.push(offer);
  }
  return { uid, client: { id: pending.clientId, name: client.name, verifiedHost: client.fromMetadataDocument ? hostOf(pending.clientId) : null, redirectHost: hostOf(pending.redirectUri) }, requested, unknownResources, personas };
}

async function pendingOrThrow(uid: string, cookieHeader: string): Promise<PendingInteraction> {
  const pending = await findPendingInteraction(uid, cookieHeader);
  if (pending === null) throw new NotFoundError("This request has expired or was answered already. Go back to the app and connect again.");
  return pending;
}

/** The personas approved: those the app asked for, or — when it named none — the one the operator picked. */
async function approvedPersonas(pending: PendingInteraction, picked: readonly string[]): Promise<string[]> {
  const { issuer } = oauthServerFromEnv();
  const existing = new Set((await personaOffers()).map((offer) => offer.slug));
  const slugs = pending.resources.length > 0 ? pending.resources.map((resource) => personaOfResource(issuer, resource) ?? "") : [...picked];
  if (slugs.length === 0) throw new ValidationError([{ path: "personaSlugs", message: "Choose the persona this app may use" }]);
  if (pending.resources.length === 0 && slugs.length > 1) throw new ValidationError([{ path: "personaSlugs", message: "Choose one persona" }]);
  const missing = slugs.filter((slug) => !existing.has(slug));
  if (missing.length > 0) throw new NotFoundError("A persona this app asks for does not exist; it cannot be approved.");
  return slugs;
}

const auditName = (name: string | null, clientId: string) => (name ?? clientId).slice(0, CLIENT_NAME_LIMIT);

/**
 * Approves request `uid` as `admin`: the app may call the personas it asked for (or `picked`, when
 * it named none). Audited as `oauth_app.approve`. Returns where the browser goes next.
 *
 * @throws NotFoundError when the request is no longer pending here or a persona does not exist;
 *   ValidationError when the operator must pick a persona.
 */
export async function approveConsentRequest(uid: string, picked: readonly string[], cookieHeader: string, admin: Actor & { id: string }): Promise<string> {
  const pending = await pendingOrThrow(uid, cookieHeader);
  const slugs = await approvedPersonas(pending, picked);
  const { issuer } = oauthServerFromEnv();
  const client = await findRequestingClient(pending.clientId);
  const resources = slugs.map((slug) => ({ resource: mcpResourceUrl(issuer, slug), scope: personaScope(slug) }));
  const grantId = await saveGrant({ accountId: admin.id, clientId: pending.clientId, grantId: pending.grantId, resources, oidcScopes: pending.oidcScopes });
  if (client?.fromMetadataDocument === true) await rememberApprovedDocumentClient(pending.clientId, client.name);
  await inTransaction((tx) =>
    recordAudit(tx, {
      actor: admin, action: "oauth_app.approve", targetType: "oauth_app", targetId: grantId, targetName: auditName(client?.name ?? null, pending.clientId),
      before: null, after: { client_id: pending.clientId, redirect_host: hostOf(pending.redirectUri), personas: slugs },
    }),
  );
  return finishInteraction(uid, cookieHeader, { login: { accountId: admin.id }, consent: { grantId } }, resources);
}

/**
 * Denies request `uid`: the app gets `access_denied` and nothing is granted. Audited as
 * `oauth_app.deny`. Returns where the browser goes next.
 *
 * @throws NotFoundError when the request is no longer pending here.
 */
export async function denyConsentRequest(uid: string, cookieHeader: string, actor: Actor): Promise<string> {
  const pending = await pendingOrThrow(uid, cookieHeader);
  const client = await findRequestingClient(pending.clientId);
  await inTransaction((tx) =>
    recordAudit(tx, {
      actor, action: "oauth_app.deny", targetType: "oauth_app", targetId: pending.clientId, targetName: auditName(client?.name ?? null, pending.clientId),
      before: null, after: { client_id: pending.clientId, redirect_host: hostOf(pending.redirectUri), resources: [...pending.resources] },
    }),
  );
  return finishInteraction(uid, cookieHeader, { error: "access_denied", error_description: "The operator denied this app access." });
}
