/**
 * Personas (SPEC §4): agent profiles in a tree. Each keeps a grant set by an admin (null to
 * inherit the parent's, "all", or a list of tool names) and a disabled list edited by operators.
 * Resolution (effective tools, explanations) lives in lib/personas; this file stores and reads.
 */
import type { Actor } from "../audit/events";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { findParentCycle, personaChain } from "../personas/chain";
import { normalizeToolNameList } from "../personas/tool-names";
import type { JsonValue } from "../tools";
import { recordAudit } from "./audit";
import { getDb, type Tx } from "./client";
import type { Persona } from "./generated/sqlite/client";
import { parseJson, parseNameList, toJsonText } from "./json-columns";
import { inTransaction, isUniqueViolation, LostRace } from "./transactions";

/** null inherits the parent's grant (a root without one grants every tool). */
export type PersonaGrant = null | "all" | readonly string[];

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
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewPersona {
  readonly slug: string;
  readonly name: string;
  readonly description?: string;
  readonly parentSlug?: string | null;
  readonly grant?: PersonaGrant;
  readonly disabledTools?: readonly string[];
}

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const SLUG_RULE = "must be lower-case letters, digits and -, starting with a letter or digit, at most 64 characters";
/** Slugs the dashboard uses for its own pages under /personas/, so no persona may take them. */
export const RESERVED_SLUGS: readonly string[] = ["matrix", "new"];
/**
 * How often a change is re-applied after losing the race for the persona's version. Each loss
 * means another change to the persona committed meanwhile, so a change only fails when more than
 * this many others land while it tries.
 */
export const PERSONA_CHANGE_ATTEMPTS = 32;

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
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function readGrant(value: JsonValue): PersonaGrant {
  if (value === "all") return "all";
  return normalizeToolNameList(value);
}

function normaliseGrant(grant: PersonaGrant): PersonaGrant {
  return grant === null || grant === "all" ? grant : normalizeToolNameList(grant);
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

/** Creates a persona. A taken slug is a ConflictError; an unknown parent a NotFoundError. */
export async function createPersona(input: NewPersona, actor: Actor): Promise<PersonaDTO> {
  const slug = input.slug.trim();
  const name = input.name.trim();
  const issues = [
    ...(SLUG_PATTERN.test(slug) ? [] : [{ path: "slug", message: SLUG_RULE }]),
    ...(RESERVED_SLUGS.includes(slug) ? [{ path: "slug", message: `"${slug}" is reserved for a dashboard page` }] : []),
    ...(name ? [] : [{ path: "name", message: "is required" }]),
  ];
  if (issues.length > 0) throw new ValidationError(issues);
  try {
    return await inTransaction(async (tx) => {
      const parentId = input.parentSlug ? (await findPersonaOrThrow(tx, input.parentSlug)).id : null;
      const row = await tx.persona.create({
        data: {
          slug, name, description: input.description?.trim() ?? "", parentId,
          grant: grantText(normaliseGrant(input.grant ?? null)),
          disabledTools: toJsonText(normalizeToolNameList(input.disabledTools ?? [])),
        },
        include: withParent,
      });
      const persona = toDTO(row);
      await recordAudit(tx, {
        actor, action: "persona.create", targetType: "persona", targetId: row.id, targetName: slug,
        before: null, after: auditView(persona),
      });
      return persona;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(`A persona with the slug "${slug}" already exists.`);
    throw error;
  }
}

/** Renames or re-describes persona `slug`. */
export async function updatePersonaDetails(
  slug: string,
  details: { name: string; description: string },
  actor: Actor,
): Promise<PersonaDTO> {
  const name = details.name.trim();
  if (!name) throw new ValidationError([{ path: "name", message: "is required" }]);
  return changePersona(slug, actor, "persona.update", () => ({ name, description: details.description.trim() }));
}

/** Sets persona `slug`'s grant (admins only, checked by the caller): null inherits, "all", or names. */
export async function setPersonaGrant(slug: string, grant: PersonaGrant, actor: Actor): Promise<PersonaDTO> {
  return changePersona(slug, actor, "persona.grant", () => ({ grant: grantText(normaliseGrant(grant)) }));
}

/** Replaces persona `slug`'s disabled list (e.g. to clean up names of deleted tools). */
export async function setPersonaDisabledTools(
  slug: string,
  toolNames: readonly string[],
  actor: Actor,
): Promise<PersonaDTO> {
  return changePersona(slug, actor, "persona.toggle_tool", () => ({
    disabledTools: toJsonText(normalizeToolNameList(toolNames)),
  }));
}

/** Switches tool `toolName` on or off for persona `slug`. Switching on never widens the grant. */
export async function setPersonaToolEnabled(
  slug: string,
  toolName: string,
  enabled: boolean,
  actor: Actor,
): Promise<PersonaDTO> {
  return setPersonaToolsEnabled(slug, [toolName], enabled, actor);
}

/**
 * Switches every tool of `toolNames` on or off for persona `slug` in one change (one version, one
 * audit event): "disable all in this group", "enable all". Other names in the list are kept.
 */
export async function setPersonaToolsEnabled(
  slug: string,
  toolNames: readonly string[],
  enabled: boolean,
  actor: Actor,
): Promise<PersonaDTO> {
  const names = normalizeToolNameList(toolNames);
  return changePersona(slug, actor, "persona.toggle_tool", (current) => {
    const others = current.disabledTools.filter((name) => !names.includes(name));
    return { disabledTools: toJsonText(normalizeToolNameList(enabled ? others : [...others, ...names])) };
  });
}

/**
 * Turns keeping agent calls' arguments and results in the call log on or off for persona `slug`
 * (admins only, checked by the caller: the usage page would show that argument data to viewers).
 */
export async function setPersonaCallLogging(slug: string, enabled: boolean, actor: Actor): Promise<PersonaDTO> {
  return changePersona(slug, actor, "persona.call_logging", () => ({ logCallPayloads: enabled }));
}

/**
 * Moves persona `slug` under `parentSlug` (null: a root). A move that would make a cycle is
 * refused with a ConflictError. The check reads the whole tree, so it runs serializable: of two
 * concurrent moves that together would close a cycle, one is re-run and then refused.
 */
export async function setPersonaParent(slug: string, parentSlug: string | null, actor: Actor): Promise<PersonaDTO> {
  return changePersona(
    slug,
    actor,
    "persona.parent",
    async (_current, tx) => {
      if (parentSlug === null) return { parentId: null };
      const parent = await findPersonaOrThrow(tx, parentSlug);
      const tree = await tx.persona.findMany({ select: { slug: true, parent: { select: { slug: true } } } });
      const parents = new Map(tree.map((row) => [row.slug, row.parent?.slug ?? null]));
      const cycle = findParentCycle(slug, parentSlug, (child) => parents.get(child));
      if (cycle) {
        throw new ConflictError(
          `"${parentSlug}" cannot be the parent of "${slug}": that would make "${slug}" its own ancestor (${cycle.join(" → ")}).`,
        );
      }
      return { parentId: parent.id };
    },
    { serializable: true },
  );
}

interface PersonaChange {
  name?: string;
  description?: string;
  grant?: string | null;
  disabledTools?: string;
  parentId?: string | null;
  logCallPayloads?: boolean;
}

/**
 * Reads, changes and audits one persona in a transaction. The write is a compare-and-set on the
 * version read, so a concurrent change is never overwritten: the loser re-reads and re-applies
 * `change` (an intention such as "switch tool X off"), up to PERSONA_CHANGE_ATTEMPTS times.
 */
export type PersonaAction = "persona.update" | "persona.grant" | "persona.toggle_tool" | "persona.parent" | "persona.call_logging";
type ChangeOf = (current: PersonaDTO, tx: Tx) => PersonaChange | Promise<PersonaChange>;

async function changePersona(
  slug: string,
  actor: Actor,
  action: PersonaAction,
  change: ChangeOf,
  options: { serializable?: boolean } = {},
): Promise<PersonaDTO> {
  return inTransaction((tx) => changePersonaIn(tx, slug, actor, action, change), { ...options, attempts: PERSONA_CHANGE_ATTEMPTS });
}

/** The body of {@link changePersona}, inside the caller's transaction (a LostRace rolls all of it back). */
export async function changePersonaIn(tx: Tx, slug: string, actor: Actor, action: PersonaAction, change: ChangeOf): Promise<PersonaDTO> {
  const currentRow = await findPersonaOrThrow(tx, slug);
  const current = toDTO(currentRow);
  const data = await change(current, tx);
  // A change to what is already stored (a second identical toggle) is no change: no new version, no event.
  if (Object.entries(data).every(([column, value]) => currentRow[column as keyof PersonaChange] === value)) return current;
  const { count } = await tx.persona.updateMany({
    where: { id: current.id, version: current.version },
    data: { ...data, version: current.version + 1 },
  });
  if (count !== 1) throw new LostRace();
  const updated = toDTO(await findPersonaOrThrow(tx, slug));
  await recordAudit(tx, {
    actor, action, targetType: "persona", targetId: current.id, targetName: slug,
    before: auditView(current), after: auditView(updated),
  });
  return updated;
}

/** A persona naming a tool in its own grant or disabled list. */
export interface PersonaToolReference {
  readonly slug: string;
  readonly name: string;
  readonly inGrant: boolean;
  readonly inDisabled: boolean;
}

function toolReference(persona: PersonaDTO, toolName: string): PersonaToolReference | null {
  const inGrant = Array.isArray(persona.grant) && persona.grant.includes(toolName);
  const inDisabled = persona.disabledTools.includes(toolName);
  return inGrant || inDisabled ? { slug: persona.slug, name: persona.name, inGrant, inDisabled } : null;
}

/** The personas whose own grant or disabled list names tool `toolName`, by slug (a rename would leave them stale). */
export async function listPersonasReferencingTool(toolName: string): Promise<PersonaToolReference[]> {
  return (await listPersonas()).flatMap((persona) => toolReference(persona, toolName) ?? []);
}

/**
 * Inside the caller's transaction (a tool rename): replaces `from` by `to` in every persona's own
 * grant and disabled list, each persona changed and audited as an admin's grant change (when its
 * grant names the tool) or an operator's toggle would be. Returns the slugs changed.
 */
export async function renameToolInPersonas(tx: Tx, from: string, to: string, actor: Actor): Promise<string[]> {
  const rows = await tx.persona.findMany({ include: withParent, orderBy: { slug: "asc" } });
  const references = rows.flatMap((row) => toolReference(toDTO(row), from) ?? []);
  const rename = (names: readonly string[]) => normalizeToolNameList(names.map((name) => (name === from ? to : name)));
  for (const reference of references) {
    await changePersonaIn(tx, reference.slug, actor, reference.inGrant ? "persona.grant" : "persona.toggle_tool", (current) => ({
      ...(Array.isArray(current.grant) ? { grant: grantText(rename(current.grant)) } : {}),
      disabledTools: toJsonText(rename(current.disabledTools)),
    }));
  }
  return references.map((reference) => reference.slug);
}

/** The row of persona `slug` read through `tx`, or a NotFoundError. */
export async function findPersonaOrThrow(tx: Tx, slug: string): Promise<PersonaRow> {
  const row = await tx.persona.findUnique({ where: { slug }, include: withParent });
  if (!row) throw new NotFoundError(`Persona "${slug}" does not exist.`);
  return row;
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
  };
}
