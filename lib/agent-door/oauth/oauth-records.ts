import "server-only";

/**
 * The queries behind the OAuth authorization server's storage (issue 24): one table,
 * `oauth_records`, keyed by the record's kind and the SHA-256 of its id. Callers hand in and get
 * back plain values; hashing and what goes into the payload are the adapter's (prisma-adapter.ts).
 * An expired record is never returned, so a token past its time is refused even before it is pruned.
 */
import { getDb } from "../../db/client";

/** One stored record as the adapter writes it. */
export interface OauthRecordInput {
  readonly kind: string;
  readonly idHash: string;
  /** JSON text. */
  readonly payload: string;
  readonly grantId: string | null;
  readonly sessionUid: string | null;
  readonly clientId: string | null;
  readonly accountId: string | null;
  readonly expiresAt: Date | null;
}

/** What a lookup returns: the payload and, once used, when. */
export interface StoredOauthRecord {
  /** JSON text. */
  readonly payload: string;
  readonly consumedAt: Date | null;
}

const unexpired = () => ({ OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] });

/** Writes a record, replacing one of the same kind and id (a session or grant saved again starts unconsumed). */
export async function saveOauthRecord(record: OauthRecordInput): Promise<void> {
  const { kind, idHash, ...rest } = record;
  await getDb().oauthRecord.upsert({
    where: { kind_idHash: { kind, idHash } },
    create: record,
    update: { ...rest, consumedAt: null },
  });
}

/** The unexpired record of this kind and id hash, or null. */
export async function findOauthRecord(kind: string, idHash: string): Promise<StoredOauthRecord | null> {
  return getDb().oauthRecord.findFirst({ where: { kind, idHash, ...unexpired() }, select: { payload: true, consumedAt: true } });
}

/** The unexpired record of this kind whose session uid is `sessionUid`, or null. */
export async function findOauthRecordBySessionUid(kind: string, sessionUid: string): Promise<StoredOauthRecord | null> {
  return getDb().oauthRecord.findFirst({ where: { kind, sessionUid, ...unexpired() }, select: { payload: true, consumedAt: true } });
}

/** Marks a record used, once: a later call keeps the first moment. */
export async function consumeOauthRecord(kind: string, idHash: string): Promise<void> {
  await getDb().oauthRecord.updateMany({ where: { kind, idHash, consumedAt: null }, data: { consumedAt: new Date() } });
}

/** Removes a record (absent already is fine). */
export async function deleteOauthRecord(kind: string, idHash: string): Promise<void> {
  await getDb().oauthRecord.deleteMany({ where: { kind, idHash } });
}

/** Removes every record of `kind` issued under the grant (its codes, or its access or refresh tokens). */
export async function deleteOauthRecordsOfGrant(kind: string, grantId: string): Promise<void> {
  await getDb().oauthRecord.deleteMany({ where: { kind, grantId } });
}

/** Removes records past their expiry; returns how many. */
export async function pruneExpiredOauthRecords(now = new Date()): Promise<number> {
  const { count } = await getDb().oauthRecord.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}

/** A stored record with the columns that describe it, for listings. */
export interface ListedOauthRecord extends StoredOauthRecord {
  readonly kind: string;
  readonly grantId: string | null;
  readonly clientId: string | null;
  readonly accountId: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
}

export interface OauthRecordFilter {
  readonly accountId?: string;
  readonly grantId?: string;
  readonly clientIds?: readonly string[];
}

/** The unexpired records of `kind` (or of any of several kinds), optionally only an operator's, a grant's or some clients', oldest first. */
export async function listOauthRecords(kind: string | readonly string[], { accountId, grantId, clientIds }: OauthRecordFilter = {}): Promise<ListedOauthRecord[]> {
  return getDb().oauthRecord.findMany({
    where: { kind: typeof kind === "string" ? kind : { in: [...kind] }, ...unexpired(), accountId, grantId, ...(clientIds === undefined ? {} : { clientId: { in: [...clientIds] } }) },
    select: { kind: true, payload: true, consumedAt: true, grantId: true, clientId: true, accountId: true, createdAt: true, expiresAt: true },
    orderBy: { createdAt: "asc" },
  });
}

/**
 * When each of `grantIds` last had a token issued (a code swapped or a refresh), by grant id.
 * Access tokens last minutes, so an app in use gets one at least that often: this is its last use,
 * to within an access token's lifetime. A grant with no token left is missing from the map.
 */
export async function lastTokenIssuedAt(grantIds: readonly string[]): Promise<Map<string, Date>> {
  if (grantIds.length === 0) return new Map();
  const rows = await getDb().oauthRecord.groupBy({
    by: ["grantId"],
    where: { kind: { in: ["AccessToken", "RefreshToken"] }, grantId: { in: [...grantIds] } },
    _max: { createdAt: true },
  });
  return new Map(rows.flatMap((row) => (row.grantId !== null && row._max.createdAt !== null ? [[row.grantId, row._max.createdAt] as const] : [])));
}
