import "server-only";
/**
 * How a persona is stored and read: the row with its parent's slug, the DTO made of it (the grant
 * column parsed: null inherits, "all", or tool names), the lookups, and what the audit trail keeps
 * of a persona.
 */
import { NotFoundError } from "../../errors";
import { personaChain } from "../chain";
import type { PersonaGrant } from "../grant";
import { normalizeToolNameList, parseNameList } from "../tool-names";
import type { JsonValue } from "../../tools";
import { getDb, type Persona, type Tx } from "../../db/client";
import { parseJson, toJsonText } from "../../db/json-columns";

export type { PersonaGrant };

export interface PersonaDTO {
  readonly id: string;
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  readonly parentSlug: string | null;
  readonly grant: PersonaGrant;
  /** Tool names operators switched off; clean, never null. */
  readonly disabledTools: readonly string[];
  /** Whether agent calls keep their arguments and results (redacted, capped) in the call log. */
  readonly logCallPayloads: boolean;
  /** Search mode: agents get the meta-tools (search, describe, call) instead of every tool. */
  readonly exposeAsSearch: boolean;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The include that gives a persona row its parent's slug. */
export const withParent = { parent: { select: { slug: true } } } as const;
export type PersonaRow = Persona & { parent: { slug: string } | null };

/** The DTO of a row read with its parent's slug. */
export function toDTO(row: PersonaRow): PersonaDTO {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    parentSlug: row.parent?.slug ?? null,
    grant: row.grant === null ? null : readGrant(parseJson(row.grant)),
    disabledTools: parseNameList(row.disabledTools),
    logCallPayloads: row.logCallPayloads,
    exposeAsSearch: row.exposeAsSearch,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function readGrant(value: JsonValue): PersonaGrant {
  if (value === "all") return "all";
  return normalizeToolNameList(value);
}

/** The grant column's text (null inherits). */
export function grantText(grant: PersonaGrant): string | null {
  return grant === null ? null : toJsonText(grant === "all" ? "all" : [...grant]);
}

/** Every persona, by slug. */
export async function listPersonas(): Promise<PersonaDTO[]> {
  const rows = await getDb().persona.findMany({ include: withParent, orderBy: { slug: "asc" } });
  return rows.map(toDTO);
}

/** The persona `slug`, or null. */
export async function getPersona(slug: string): Promise<PersonaDTO | null> {
  const row = await getDb().persona.findUnique({ where: { slug }, include: withParent });
  return row ? toDTO(row) : null;
}

/**
 * Persona `slug` followed by its ancestors, nearest first, read in one query.
 *
 * @throws NotFoundError when `slug` does not exist.
 * @throws ValidationError when the stored tree has a cycle above `slug` (see personaChain).
 */
export async function getPersonaChain(slug: string): Promise<PersonaDTO[]> {
  const personas = await listPersonas();
  return personaChain(slug, new Map(personas.map((persona) => [persona.slug, persona])));
}

/** The row of persona `slug` read through `tx`, or a NotFoundError. */
export async function findPersonaOrThrow(tx: Tx, slug: string): Promise<PersonaRow> {
  const row = await tx.persona.findUnique({ where: { slug }, include: withParent });
  if (!row) throw new NotFoundError(`Persona "${slug}" does not exist.`);
  return row;
}

/**
 * The grant column's text that persona `slug` inherits: the nearest ancestor's own grant, or null
 * when every ancestor inherits too (the family then has every tool). A walk that meets a cycle stops.
 */
export async function inheritedGrantText(tx: Tx, slug: string): Promise<string | null> {
  const seen = new Set<string>([slug]);
  for (let parent = (await findPersonaOrThrow(tx, slug)).parent?.slug; parent && !seen.has(parent); ) {
    seen.add(parent);
    const row = await findPersonaOrThrow(tx, parent);
    if (row.grant !== null) return row.grant;
    parent = row.parent?.slug;
  }
  return null;
}

/** A persona as its audit events record it. */
export function auditView(persona: PersonaDTO): JsonValue {
  return {
    name: persona.name,
    description: persona.description,
    parent: persona.parentSlug,
    grant: persona.grant === null || persona.grant === "all" ? persona.grant : [...persona.grant],
    disabledTools: [...persona.disabledTools],
    logCallPayloads: persona.logCallPayloads,
    exposeAsSearch: persona.exposeAsSearch,
  };
}
