import "server-only";

/**
 * oidc-provider's storage adapter on Quiver's database (issue 24): every client, grant, session,
 * interaction, code and token the authorization server keeps lives in `oauth_records`, on SQLite
 * or PostgreSQL, so any instance can answer any step of a flow. Nothing is held in memory.
 *
 * A record's id is the secret itself for most kinds (an access token, a refresh token, a code, a
 * session's cookie value), so only its SHA-256 is stored, and the payload is stored without the
 * fields that repeat it (`jti`, the end of an interaction's `returnTo`) and with the secrets in it
 * hashed (a client's `client_secret`, an interaction's copy of the session cookie). A find is by
 * the presented id, which the caller already holds, so the payload it returns is whole again.
 */
import type { Adapter, AdapterPayload } from "oidc-provider";
import { hashToken } from "../api-keys";
import {
  consumeOauthRecord,
  deleteOauthRecord,
  deleteOauthRecordsOfGrant,
  findOauthRecord,
  findOauthRecordBySessionUid,
  saveOauthRecord,
  type StoredOauthRecord,
} from "./oauth-records";

/** The marker of a value stored as its hash (`sha256:` and 64 hex digits). */
const HASHED = "sha256:";

/** A value as it may be stored: its SHA-256, marked. */
export function hashedValue(value: string): string {
  return HASHED + hashToken(value);
}

/**
 * Where the stored payload notes the top-level fields that ended in the id (an interaction's
 * `returnTo`, `…/authorize/<uid>`): stored without it, given it back on a find.
 */
const ID_SUFFIXED = "quiverIdSuffixed";

type StoredPayload = AdapterPayload & { [ID_SUFFIXED]?: string[] };

/** The payload as stored: no id (nor a field ending in it), no secret in plain text. */
function storedPayload(id: string, payload: AdapterPayload): StoredPayload {
  const { jti: _id, ...rest } = payload;
  const stored: StoredPayload = { ...rest };
  const suffixed = Object.entries(stored).filter(([, value]) => typeof value === "string" && value.endsWith(`/${id}`));
  for (const [key, value] of suffixed) Object.assign(stored, { [key]: (value as string).slice(0, -id.length) });
  if (suffixed.length > 0) stored[ID_SUFFIXED] = suffixed.map(([key]) => key);
  if (typeof stored.client_secret === "string" && !stored.client_secret.startsWith(HASHED)) {
    stored.client_secret = hashedValue(stored.client_secret);
  }
  if (typeof stored.session?.cookie === "string") stored.session = { ...stored.session, cookie: hashedValue(stored.session.cookie) };
  return stored;
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * The payload as oidc-provider reads it: the id back as `jti` and at the end of the fields that
 * held it (when the id is known: a find by session uid has none), `consumed` in epoch seconds once used.
 */
function loadedPayload(record: StoredOauthRecord | null, id?: string): AdapterPayload | undefined {
  if (record === null) return undefined;
  const { [ID_SUFFIXED]: suffixed = [], ...payload } = JSON.parse(record.payload) as StoredPayload;
  if (id !== undefined) {
    for (const key of suffixed) Object.assign(payload, { [key]: `${String(payload[key as keyof AdapterPayload])}${id}` });
  }
  return {
    ...payload,
    ...(id === undefined ? {} : { jti: id }),
    ...(record.consumedAt === null ? {} : { consumed: Math.floor(record.consumedAt.getTime() / 1000) }),
  };
}

/** The adapter of one oidc-provider model (`AccessToken`, `Grant`, `Session`, …). */
export class PrismaOauthAdapter implements Adapter {
  constructor(private readonly kind: string) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await saveOauthRecord({
      kind: this.kind,
      idHash: hashToken(id),
      payload: JSON.stringify(storedPayload(id, payload)),
      // A grant's own row carries its id here too, so revoking it removes it with its codes and tokens in one statement (a grant id opens nothing by itself).
      grantId: this.kind === "Grant" ? id : text(payload.grantId),
      sessionUid: this.kind === "Session" ? text(payload.uid) : null,
      clientId: text(payload.clientId) ?? text(payload.client_id),
      accountId: text(payload.accountId),
      expiresAt: typeof expiresIn === "number" ? new Date(Date.now() + expiresIn * 1000) : null,
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return loadedPayload(await findOauthRecord(this.kind, hashToken(id)), id);
  }

  /** A session by its fixed uid (tokens bound to a session check it is still there); without its cookie value, which is not stored. */
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return loadedPayload(await findOauthRecordBySessionUid(this.kind, uid));
  }

  /** Device codes are not offered (the device flow is off), so no user code is ever looked up. */
  async findByUserCode(): Promise<undefined> {
    return undefined;
  }

  async consume(id: string): Promise<void> {
    await consumeOauthRecord(this.kind, hashToken(id));
  }

  async destroy(id: string): Promise<void> {
    await deleteOauthRecord(this.kind, hashToken(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await deleteOauthRecordsOfGrant(this.kind, grantId);
  }
}
