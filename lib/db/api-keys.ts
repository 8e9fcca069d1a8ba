/**
 * Runtime API keys (SPEC §8). A key's token is shown once, when it is created; only its SHA-256
 * hash is stored (a token is 256 random bits, so a fast hash is enough: there is nothing to
 * guess), plus a short prefix so operators can tell keys apart. Each key acts as one or more
 * personas and can be revoked.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Actor } from "../audit/events";
import { NotFoundError, ValidationError } from "../errors";
import { recordAudit } from "./audit";
import { getDb } from "./client";
import { inTransaction } from "./transactions";

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
}

const withPersonas = { personas: { select: { persona: { select: { slug: true } } } } } as const;

type ApiKeyRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  createdBy: string;
  revokedAt: Date | null;
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
  };
}

/** The stored form of a token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Creates a key for `personaSlugs` and returns it with its token, which is never shown again. */
export async function createApiKey(
  input: { name: string; personaSlugs: readonly string[] },
  actor: Actor,
): Promise<CreatedApiKey> {
  const name = input.name.trim();
  const slugs = [...new Set(input.personaSlugs.map((slug) => slug.trim()).filter((slug) => slug !== ""))];
  const issues = [
    ...(name ? [] : [{ path: "name", message: "is required" }]),
    ...(slugs.length > 0 ? [] : [{ path: "personaSlugs", message: "choose at least one persona" }]),
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
        personas: { create: personas.map((persona) => ({ personaId: persona.id })) },
      },
      include: withPersonas,
    });
    const key = toDTO(row);
    await recordAudit(tx, {
      actor, action: "api_key.create", targetType: "api_key", targetId: key.id, targetName: name,
      before: null, after: { name, prefix: key.prefix, personas: [...key.personaSlugs] },
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

/** The key a request presented, or null when the token matches none. Revoked keys are returned as such. */
export async function findApiKeyByToken(token: string): Promise<ApiKeyGrant | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const row = await getDb().apiKey.findUnique({ where: { tokenHash: hashToken(token) }, include: withPersonas });
  if (!row) return null;
  const key = toDTO(row);
  return { id: key.id, name: key.name, personaSlugs: key.personaSlugs, revoked: key.revokedAt !== null };
}
