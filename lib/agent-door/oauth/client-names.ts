import "server-only";

/**
 * The names Quiver shows for the apps it has authorised (issue 24). An app that registered itself
 * has its client record, name included. An app known by its metadata document (its client id is
 * the document's https URL) has none: oidc-provider fetches the document when the app signs in and
 * keeps it in memory only. Its name as an operator approved it is kept here, so Connected apps and
 * the call log name it without fetching anything — and an agent's call never waits on the app's host.
 */
import { hashToken } from "../api-keys";
import { listOauthRecords, saveOauthRecord } from "./oauth-records";

/** The kind of record holding an approved metadata-document app's name. */
const APPROVED_DOCUMENT_KIND = "ApprovedClientDocument";
/** oidc-provider's record of a registered client. */
const REGISTERED_CLIENT_KIND = "Client";

/** Remembers the name an approved app's metadata document gave (replacing an older one). */
export async function rememberApprovedDocumentClient(clientId: string, name: string | null): Promise<void> {
  await saveOauthRecord({
    kind: APPROVED_DOCUMENT_KIND, idHash: hashToken(clientId), payload: JSON.stringify({ client_name: name }),
    clientId, grantId: null, sessionUid: null, accountId: null, expiresAt: null,
  });
}

/** An app Quiver knows, as its pages and the call log name it. */
export interface KnownClient {
  /** The name it gave; null when it gave none. */
  readonly name: string | null;
  /** The host of its metadata document, which vouches for it; null for an app that registered itself. */
  readonly verifiedHost: string | null;
}

/**
 * The known apps among `clientIds`. An id missing from the map is an app Quiver no longer knows: a
 * registration removed, or a metadata-document app never approved.
 */
export async function knownClients(clientIds: readonly string[]): Promise<Map<string, KnownClient>> {
  if (clientIds.length === 0) return new Map();
  const records = await listOauthRecords([REGISTERED_CLIENT_KIND, APPROVED_DOCUMENT_KIND], { clientIds });
  return new Map(
    records.flatMap(({ clientId, kind, payload }) => {
      if (clientId === null) return [];
      const name = (JSON.parse(payload) as { client_name?: unknown }).client_name;
      const verifiedHost = kind === APPROVED_DOCUMENT_KIND && URL.canParse(clientId) ? new URL(clientId).host : null;
      return [[clientId, { name: typeof name === "string" ? name : null, verifiedHost }] as const];
    }),
  );
}
