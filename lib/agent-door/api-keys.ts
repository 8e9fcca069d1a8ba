import "server-only";
/**
 * Runtime API keys (SPEC §8). A key's token is shown once, when it is created; only its SHA-256
 * hash is stored (a token is 256 random bits, so a fast hash is enough: there is nothing to
 * guess), plus a short prefix so operators can tell keys apart. Each key acts as one or more
 * personas and can be revoked.
 */
import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import { recordAudit, type Actor } from "../audit";
import { NotFoundError, ValidationError } from "../errors";
import { CATALOG_STAMP_COLUMNS, catalogStampOf } from "../catalog";
import { getDb } from "../db/client";
import { inTransaction } from "../db/transactions";

export const TOKEN_PREFIX = "qv_";
const TOKEN_BYTES = 32;
/** `qv_` and the first characters of the random part: enough to recognise, too few to matter. */
const DISPLAY_PREFIX_LENGTH = TOKEN_PREFIX.length + 6;

export interface ApiKeyDTO {
  readonly id: string;
  readonly name: string;
  /** The token's first characters, e.g. `qv_Ab12Cd`. */
  readonly prefix: string;
  readonly personaSlugs: readonly string[];
  readonly createdAt: Date;
  readonly createdBy: string;
  readonly revokedAt: Date | null;
  /** Null: never expires. */
  readonly expiresAt: Date | null;
  /** Updated at most once a minute ({@link touchApiKeyLastUsed}); null until first used. */
  readonly lastUsedAt: Date | null;
}

/** A new key: the only time its token exists outside the caller's hands. */
export interface CreatedApiKey extends ApiKeyDTO {
  readonly token: string;
}

/** What the runtime API needs to authorise a request. */
export interface ApiKeyGrant {
  readonly id: string;
  readonly name: string;
  readonly personaSlugs: readonly string[];
  readonly revoked: boolean;
  readonly expiresAt: Date | null;
  readonly lastUsedAt: Date | null;
}

const withPersonas = { personas: { select: { persona: { select: { slug: true } } } } } as const;

type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  createdBy: string;
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  personas: { persona: { slug: string } }[];
};

function toDTO(row: ApiKeyRow): ApiKeyDTO {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    personaSlugs: row.personas.map((link) => link.persona.slug).sort(),
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    revokedAt: row.revokedAt,
    expiresAt: row.expiresAt,
    lastUsedAt: row.lastUsedAt,
  };
}

/** The stored form of a token (one-shot `hash`: a fifth of a Hash object's cost, on every agent call). */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}

function expiryIssues(expiresAt: Date | null): { path: string; message: string }[] {
  if (expiresAt === null) return [];
  if (Number.isNaN(expiresAt.getTime())) return [{ path: "expiresAt", message: "must be a valid date" }];
  return expiresAt.getTime() > Date.now() ? [] : [{ path: "expiresAt", message: "must be in the future" }];
}

/** Creates a key for `personaSlugs` and returns it with its token, which is never shown again. */
export async function createApiKey(
  input: { name: string; personaSlugs: readonly string[]; expiresAt?: Date | null },
  actor: Actor,
): Promise<CreatedApiKey> {
  const name = input.name.trim();
  const slugs = [...new Set(input.personaSlugs.map((slug) => slug.trim()).filter((slug) => slug !== ""))];
  const issues = [
    ...(name ? [] : [{ path: "name", message: "is required" }]),
    ...(slugs.length > 0 ? [] : [{ path: "personaSlugs", message: "choose at least one persona" }]),
    ...expiryIssues(input.expiresAt ?? null),
  ];
  if (issues.length > 0) throw new ValidationError(issues);
  const token = TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString("base64url");
  return inTransaction(async (tx) => {
    const personas = await tx.persona.findMany({ where: { slug: { in: slugs } }, select: { id: true, slug: true } });
    const missing = slugs.filter((slug) => !personas.some((persona) => persona.slug === slug));
    if (missing.length > 0) throw new NotFoundError(`No persona named ${missing.map((slug) => `"${slug}"`).join(", ")}.`);
    const row = await tx.apiKey.create({
      data: {
        name,
        prefix: token.slice(0, DISPLAY_PREFIX_LENGTH),
        tokenHash: hashToken(token),
        createdBy: actor.email,
        expiresAt: input.expiresAt ?? null,
        personas: { create: personas.map((persona) => ({ personaId: persona.id })) },
      },
      include: withPersonas,
    });
    const key = toDTO(row);
    await recordAudit(tx, {
      actor, action: "api_key.create", targetType: "api_key", targetId: key.id, targetName: name,
      before: null, after: { name, prefix: key.prefix, personas: [...key.personaSlugs], expiresAt: key.expiresAt?.toISOString() ?? null },
    });
    return { ...key, token };
  });
}

/** Every key (no hashes, no tokens), newest first. */
export async function listApiKeys(): Promise<ApiKeyDTO[]> {
  const rows = await getDb().apiKey.findMany({ include: withPersonas, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return rows.map(toDTO);
}

/** Revokes key `id`; it stops working at once. Revoking a revoked key changes nothing. */
export async function revokeApiKey(id: string, actor: Actor): Promise<ApiKeyDTO> {
  return inTransaction(async (tx) => {
    const current = await tx.apiKey.findUnique({ where: { id }, include: withPersonas });
    if (!current) throw new NotFoundError("That API key does not exist.");
    if (current.revokedAt !== null) return toDTO(current);
    const row = await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() }, include: withPersonas });
    await recordAudit(tx, {
      actor, action: "api_key.revoke", targetType: "api_key", targetId: id, targetName: row.name,
      before: { revoked: false }, after: { revoked: true },
    });
    return toDTO(row);
  });
}

/**
 * The key a request presented, with the catalog's stamp read in the same query (see
 * catalog-stamp.ts), or null when the token matches none. Revoked and expired keys are returned
 * as such (the caller refuses them). The row is found by the token's hash through the unique
 * index, then the stored hash is compared with `timingSafeEqual`: nothing about a stored token can
 * be learned from response times, since the attacker controls only the preimage of what is looked
 * up (a SHA-256 hash they cannot steer) and the final comparison takes the same time wherever the
 * bytes differ.
 *
 * Every runtime API call starts here, so it is one query — the key joined to its personas' slugs,
 * one row per persona, each carrying the stamp — rather than the two or three a Prisma `include`
 * sends plus a second round trip for the stamp. Nothing is cached: the key's state and the stamp
 * are read from the database on every call.
 */
export async function findApiKeyAndCatalogStamp(token: string): Promise<{ key: ApiKeyGrant; catalogStamp: string } | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const presented = hashToken(token);
  const rows = await getDb().$queryRaw<GrantRow[]>`
    SELECT k.id, k.name, k.token_hash, k.revoked_at, k.expires_at, k.last_used_at, p.slug, ${CATALOG_STAMP_COLUMNS}
    FROM api_keys k
    LEFT JOIN api_key_personas kp ON kp.api_key_id = k.id
    LEFT JOIN personas p ON p.id = kp.persona_id
    WHERE k.token_hash = ${presented}`;
  const row = rows[0];
  if (!row || !sameHash(row.token_hash, presented)) return null;
  const key: ApiKeyGrant = {
    id: row.id,
    name: row.name,
    personaSlugs: rows.flatMap((each) => (each.slug === null ? [] : [each.slug])).sort(),
    revoked: row.revoked_at !== null,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
  return { key, catalogStamp: catalogStampOf(row) };
}

/** A row of {@link findApiKeyAndCatalogStamp}'s query (raw SQL: the columns' stored names; the stamp's columns besides). */
interface GrantRow extends Record<string, unknown> {
  id: string;
  name: string;
  token_hash: string;
  revoked_at: Date | null;
  expires_at: Date | null;
  last_used_at: Date | null;
  slug: string | null;
}

function sameHash(stored: string, presented: string): boolean {
  const a = Buffer.from(stored, "hex");
  const b = Buffer.from(presented, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A key's last use is written at most this often, so a busy key does not write on every call. */
export const LAST_USED_INTERVAL_MS = 60_000;

/**
 * Records that key `id` was used now, unless its last use was recorded less than a minute ago
 * (checked in the UPDATE itself, so instances racing on one key write once between them).
 * Returns whether it wrote.
 */
export async function touchApiKeyLastUsed(id: string, now: Date = new Date()): Promise<boolean> {
  const before = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
  const { count } = await getDb().apiKey.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lte: before } }] },
    data: { lastUsedAt: now },
  });
  return count > 0;
}

/** Whether any API key is not revoked (an agent could connect with it). */
export async function anyLiveApiKey(): Promise<boolean> {
  return (await getDb().apiKey.findFirst({ where: { revokedAt: null }, select: { id: true } })) !== null;
}
