import "server-only";

/**
 * Who is calling the runtime API: the Bearer token of an API key (SPEC §8). The key and the
 * catalog's stamp (which the rest of the request uses to pick its snapshot, snapshot.ts) are read
 * in one query — or answered from memory while the database's change signal (lib/db/change-signal.ts)
 * says nothing has changed since they were read: on SQLite any commit by any process, on
 * PostgreSQL a change event (NOTIFY) from any instance, drops what is remembered, so a key revoked
 * anywhere is refused on the next call everywhere once the change is known. While there is no
 * signal (PostgreSQL's listener not connected) every call reads the database.
 */
import { changeSignalOf } from "../db/change-signal";
import { getDb, type Db } from "../db/client";
import { findApiKeyAndCatalogStamp, hashToken, LAST_USED_INTERVAL_MS, touchApiKeyLastUsed } from "./api-keys";
import { personaExists } from "./snapshot";
import { agentError, type AgentErrorBody } from "./errors";

export interface AgentIdentity {
  readonly keyId: string;
  readonly keyName: string;
  readonly personaSlug: string;
  /** The stored tools' and personas' stamp, read with the key: the state this request is answered from. Absent: read it when needed. */
  readonly catalogStamp?: string;
}

export type AgentAuthResult =
  | { ok: true; identity: AgentIdentity }
  | { ok: false; status: 401 | 403; body: AgentErrorBody };

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

type FoundKey = Awaited<ReturnType<typeof findApiKeyAndCatalogStamp>>;

/** Beyond this many remembered tokens (a flood of made-up ones, say) memory starts afresh. */
export const MAX_REMEMBERED_KEYS = 10_000;

/** Per database client: the change token the remembered keys were read at, and the keys by token hash. */
const remembered = new WeakMap<Db, { changeToken: number; keys: Map<string, FoundKey> }>();

/** {@link findApiKeyAndCatalogStamp}, answered from memory while nothing has been committed since. */
async function findKey(token: string): Promise<FoundKey> {
  const db = getDb();
  // Read before the query: a commit while it runs changes the next call's token, so nothing stale is kept.
  const changeToken = changeSignalOf(db).token();
  if (changeToken === null) return findApiKeyAndCatalogStamp(token);
  let memory = remembered.get(db);
  if (memory?.changeToken !== changeToken) {
    memory = { changeToken, keys: new Map() };
    remembered.set(db, memory);
  }
  const hash = hashToken(token);
  if (memory.keys.has(hash)) return memory.keys.get(hash)!;
  const found = await findApiKeyAndCatalogStamp(token);
  if (memory.keys.size >= MAX_REMEMBERED_KEYS) memory.keys.clear();
  memory.keys.set(hash, found);
  return found;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(authorization: string | null): string | null {
  return authorization?.match(BEARER)?.[1] ?? null;
}

/**
 * Bearer token → key: missing, unknown, revoked or expired → 401; a key not scoped to
 * `personaSlug` → 403; a persona that does not exist → 404, but only after a valid key (so an
 * anonymous caller cannot probe persona names). Marks the key used (at most once a minute).
 */
export async function authenticateAgent(
  authorization: string | null,
  personaSlug: string,
): Promise<AgentAuthResult | { ok: false; status: 404; body: AgentErrorBody }> {
  const token = bearerToken(authorization);
  if (token === null) return agentError("unauthorized", "Send an API key as Authorization: Bearer <key>.");
  const found = await findKey(token);
  if (found === null) return agentError("unauthorized", "The API key is not valid.");
  const { key, catalogStamp } = found;
  if (key.revoked) return agentError("unauthorized", "The API key has been revoked.");
  if (key.expiresAt !== null && key.expiresAt.getTime() <= Date.now()) return agentError("unauthorized", "The API key has expired.");
  if (!key.personaSlugs.includes(personaSlug)) {
    if (!(await personaExists(personaSlug, catalogStamp))) return agentError("not_found", `There is no persona "${personaSlug}".`);
    return agentError("forbidden", `The API key "${key.name}" may not act as persona "${personaSlug}".`);
  }
  if (key.lastUsedAt === null || Date.now() - key.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS) {
    // Not awaited on the request path: a lost touch only delays the "last used" display.
    touchApiKeyLastUsed(key.id).catch((error: unknown) => console.error("Could not record an API key's last use:", error));
  }
  return { ok: true, identity: { keyId: key.id, keyName: key.name, personaSlug, catalogStamp } };
}
