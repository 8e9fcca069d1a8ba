import "server-only";

/**
 * Connected apps (issue 24): the MCP clients operators have approved, one entry per grant (an
 * operator's approval of one app for its personas), and their revocation — the grant and every
 * code and token issued under it go at once, on every instance (nothing is cached), audited.
 * What Settings → Connected apps will read and call.
 */
import { recordAudit, type Actor } from "../../audit";
import { inTransaction } from "../../db/transactions";
import { NotFoundError } from "../../errors";
import { knownClients, type KnownClient } from "./client-names";
import { lastTokenIssuedAt, listOauthRecords, type ListedOauthRecord } from "./oauth-records";
import { personaOfMcpPath } from "./oauth-urls";

export interface ConnectedAppDTO {
  readonly grantId: string;
  readonly clientId: string;
  /** The name the app gave (registering, or in its metadata document); null when it gave none (or is no longer registered). */
  readonly clientName: string | null;
  /** The host whose metadata document vouches for the app; null for an app that registered itself. */
  readonly verifiedHost: string | null;
  /** The operator who approved it. */
  readonly operatorId: string;
  /** The personas whose MCP URLs it may call. */
  readonly personaSlugs: readonly string[];
  readonly approvedAt: Date;
  /** When the approval lapses unless revoked before. */
  readonly expiresAt: Date | null;
  /** When it last got a token (so last called, to within an access token's 5 minutes); null when it holds none. */
  readonly lastUsedAt: Date | null;
}

/** The personas a stored grant covers: its resources that are persona MCP URLs. */
function personasOf(payload: { resources?: Record<string, unknown> }): string[] {
  return Object.keys(payload.resources ?? {})
    .map((resource) => (URL.canParse(resource) ? personaOfMcpPath(new URL(resource).pathname) : null))
    .filter((slug): slug is string => slug !== null)
    .sort();
}

function toDTO(grant: ListedOauthRecord, clients: ReadonlyMap<string, KnownClient>, lastUse: ReadonlyMap<string, Date>): ConnectedAppDTO {
  const clientId = grant.clientId ?? "";
  const grantId = grant.grantId ?? "";
  return {
    grantId,
    clientId,
    clientName: clients.get(clientId)?.name ?? null,
    verifiedHost: clients.get(clientId)?.verifiedHost ?? null,
    operatorId: grant.accountId ?? "",
    personaSlugs: personasOf(JSON.parse(grant.payload) as { resources?: Record<string, unknown> }),
    approvedAt: grant.createdAt,
    expiresAt: grant.expiresAt,
    lastUsedAt: lastUse.get(grantId) ?? null,
  };
}

/** The connected apps of the grants `filter` selects. */
async function connectedApps(filter: { accountId?: string; grantId?: string }): Promise<ConnectedAppDTO[]> {
  const grants = await listOauthRecords("Grant", filter);
  const clientIds = [...new Set(grants.map((grant) => grant.clientId).filter((id): id is string => id !== null))];
  const clients = await knownClients(clientIds);
  const lastUse = await lastTokenIssuedAt(grants.flatMap((grant) => (grant.grantId === null ? [] : [grant.grantId])));
  return grants.map((grant) => toDTO(grant, clients, lastUse));
}

/** The apps approved and not yet lapsed or revoked — every operator's, or only `operatorId`'s — oldest first. */
export function listConnectedApps({ operatorId }: { operatorId?: string } = {}): Promise<ConnectedAppDTO[]> {
  return connectedApps({ accountId: operatorId });
}

/**
 * Revokes a connected app: its grant, and every authorization code, access and refresh token
 * issued under it, in one transaction with its audit event. The app's next MCP call is a 401.
 *
 * @throws NotFoundError when no such grant is live (never approved, lapsed, or revoked already).
 */
export async function revokeConnectedApp(grantId: string, actor: Actor): Promise<void> {
  const gone = () => new NotFoundError("That connected app does not exist or was already revoked.");
  const [app] = await connectedApps({ grantId });
  if (app === undefined) throw gone();
  await inTransaction(async (tx) => {
    // Two revocations racing: the second deletes nothing and records nothing.
    const { count } = await tx.oauthRecord.deleteMany({ where: { grantId } });
    if (count === 0) throw gone();
    await recordAudit(tx, {
      actor,
      action: "oauth_app.revoke",
      targetType: "oauth_app",
      targetId: grantId,
      targetName: app.clientName ?? app.clientId,
      before: { client_id: app.clientId, operator_id: app.operatorId, personas: [...app.personaSlugs] },
      after: null,
    });
  });
}

/** Whose connected apps: those an operator approved, or those that may call a persona. */
export type ConnectedAppsOwner = { readonly operatorId: string } | { readonly personaSlug: string };

/**
 * Revokes every connected app of `owner`, each as {@link revokeConnectedApp} does (audited): an
 * operator's approvals when they are deactivated, or the apps that may call a persona when it is
 * deleted — whole grants, even one that also names another persona, since a persona created later
 * under the same slug must not inherit any of them. Returns how many were revoked.
 */
export async function revokeConnectedAppsOf(owner: ConnectedAppsOwner, actor: Actor): Promise<number> {
  const apps = "operatorId" in owner ? await connectedApps({ accountId: owner.operatorId }) : (await connectedApps({})).filter((app) => app.personaSlugs.includes(owner.personaSlug));
  let revoked = 0;
  for (const app of apps) {
    try {
      await revokeConnectedApp(app.grantId, actor);
      revoked += 1;
    } catch (error) {
      // Revoked meanwhile by someone else: gone either way.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
  return revoked;
}
