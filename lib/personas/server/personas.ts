import "server-only";
/**
 * Personas (SPEC §4): agent profiles in a tree. Each keeps a grant set by an admin (null to
 * inherit the parent's, "all", or a list of tool names; a new root starts with the empty list) and a
 * disabled list edited by operators.
 * Resolution (effective tools, explanations) lives in lib/personas; this file stores and reads.
 *
 * This file holds creating a persona and its one-persona changes; reading and the row's mapping
 * live in persona-rows.ts, the versioned change itself in persona-changes.ts, the personas naming
 * a tool in persona-tool-references.ts.
 */
import { recordAudit, type Actor } from "../../audit";
import { ConflictError, ValidationError } from "../../errors";
import { findParentCycle } from "../chain";
import { defaultGrantFor } from "../grant";
import { normalizeToolNameList } from "../tool-names";
import { toJsonText } from "../../db/json-columns";
import { changePersona } from "./persona-changes";
import { auditView, findPersonaOrThrow, grantText, inheritedGrantText, toDTO, withParent, type PersonaDTO, type PersonaGrant } from "./persona-rows";
import { inTransaction, isUniqueViolation } from "../../db/transactions";

export { getPersona, getPersonaChain, listPersonas, type PersonaDTO, type PersonaGrant } from "./persona-rows";
export { listPersonasReferencingTool, type PersonaToolReference } from "./persona-tool-references";

export interface NewPersona {
  readonly slug: string;
  readonly name: string;
  readonly description?: string;
  readonly parentSlug?: string | null;
  /** Left out: no tools for a root, the parent's grant for a child (defaultGrantFor). */
  readonly grant?: PersonaGrant;
  readonly disabledTools?: readonly string[];
}

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const SLUG_RULE = "must be lower-case letters, digits and -, starting with a letter or digit, at most 64 characters";
/** Slugs the dashboard uses for its own pages under /personas/, so no persona may take them. */
export const RESERVED_SLUGS: readonly string[] = ["matrix", "new"];

function normaliseGrant(grant: PersonaGrant): PersonaGrant {
  return grant === null || grant === "all" ? grant : normalizeToolNameList(grant);
}

/**
 * Creates a persona; without a grant, a root gets none and a child inherits (defaultGrantFor).
 * A taken slug is a ConflictError; an unknown parent a NotFoundError.
 */
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
          grant: grantText(normaliseGrant(input.grant === undefined ? defaultGrantFor(input.parentSlug) : input.grant)),
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
 * Turns search mode on or off for persona `slug` (editors, checked by the caller): on, agents are
 * offered the meta-tools (search, describe, call) instead of every tool. It changes what agents
 * are shown, never what they may call.
 */
export async function setPersonaSearchMode(slug: string, enabled: boolean, actor: Actor): Promise<PersonaDTO> {
  return changePersona(slug, actor, "persona.search_mode", () => ({ exposeAsSearch: enabled }));
}

/**
 * Moves persona `slug` under `parentSlug` (null: a root). A move that would make a cycle is
 * refused with a ConflictError. The check reads the whole tree, so it runs serializable: of two
 * concurrent moves that together would close a cycle, one is re-run and then refused.
 *
 * A persona that inherits and becomes a root keeps the grant it inherited as its own: a root that
 * inherits has every tool, and taking a persona out of its family must not widen what it may use.
 */
export async function setPersonaParent(slug: string, parentSlug: string | null, actor: Actor): Promise<PersonaDTO> {
  return changePersona(
    slug,
    actor,
    "persona.parent",
    async (current, tx) => {
      if (parentSlug === null) {
        const kept = current.grant === null ? await inheritedGrantText(tx, slug) : null;
        return kept === null ? { parentId: null } : { parentId: null, grant: kept };
      }
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
