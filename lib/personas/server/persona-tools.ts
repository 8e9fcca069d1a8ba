import "server-only";
/**
 * A stored persona's effective tools against the live catalog (SPEC §4), with the reason for
 * every tool — what the personas pages show and what the runtime API serves.
 */
import type { Actor } from "../../audit";
import { createPersona, listPersonas, setPersonaGrant, setPersonaToolsEnabled, type NewPersona, type PersonaDTO, type PersonaGrant } from "./personas";
import { listTools, loadToolCatalog } from "../../catalog";
import { NotFoundError, ValidationError } from "../../errors";
import { personaChain } from "../chain";
import { resolvePersonaTools, type PersonaScope, type PersonaToolResolution, type ToolGrant } from "../resolve";
import type { Tool } from "../../tools";

/** The group shown for built-in code tools, and for data tools filed under none. */
export const BUILTIN_GROUP = "Built-in";
export const UNGROUPED = "Ungrouped";

function toToolGrant(grant: PersonaGrant): ToolGrant {
  if (grant === null) return { kind: "inherit" };
  if (grant === "all") return { kind: "all" };
  return { kind: "tools", names: grant };
}

/** The resolution scope of a stored persona. */
export function toPersonaScope(persona: PersonaDTO): PersonaScope {
  return { slug: persona.slug, grant: toToolGrant(persona.grant), disabled: persona.disabledTools };
}

/** Resolves `chain` (a persona then its ancestors, as getPersonaChain returns it) against `catalog`. */
export function resolveStoredPersona(chain: readonly PersonaDTO[], catalog: readonly Tool[]): PersonaToolResolution<Tool> {
  return resolvePersonaTools(chain.map(toPersonaScope), catalog);
}

/** The live catalog with each tool's group (built-ins under {@link BUILTIN_GROUP}). */
export async function loadGroupedCatalog(): Promise<{ catalog: Tool[]; groupOf: (name: string) => string }> {
  const [catalog, summaries] = await Promise.all([loadToolCatalog(), listTools()]);
  const groups = new Map(summaries.map((summary) => [summary.name, summary.group?.trim() || UNGROUPED]));
  return { catalog, groupOf: (name) => groups.get(name) ?? BUILTIN_GROUP };
}

/**
 * Switches tools on or off for a persona in one change (one audit event), refusing names that
 * are not in the live catalog so a typo cannot plant a stale entry. Switching on never widens
 * the grant (resolution caps it).
 */
export async function togglePersonaTools(slug: string, toolNames: readonly string[], enabled: boolean, actor: Actor): Promise<PersonaDTO> {
  if (toolNames.length === 0) throw new ValidationError([{ path: "tools", message: "choose at least one tool" }]);
  const known = new Set((await loadToolCatalog()).map((tool) => tool.name));
  const unknown = toolNames.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new NotFoundError(`There is no tool named ${unknown.map((name) => `"${name}"`).join(", ")}.`);
  return setPersonaToolsEnabled(slug, toolNames, enabled, actor);
}

/** Refuses a list grant naming a tool the catalog does not have: a typo would grant nothing and sit there stale. */
async function checkGrantNames(grant: PersonaGrant | undefined): Promise<void> {
  if (grant === null || grant === undefined || grant === "all") return;
  const known = new Set((await loadToolCatalog()).map((tool) => tool.name));
  const unknown = grant.map((name) => name.trim()).filter((name) => name !== "" && !known.has(name));
  if (unknown.length > 0) {
    throw new ValidationError([{ path: "grant", message: `names no tool: ${unknown.join(", ")}` }]);
  }
}

/** Sets persona `slug`'s grant (admins), refusing names that match no tool in the live catalog. */
export async function grantPersonaTools(slug: string, grant: PersonaGrant, actor: Actor): Promise<PersonaDTO> {
  await checkGrantNames(grant);
  return setPersonaGrant(slug, grant, actor);
}

/** Creates a persona (admins), refusing a grant that names tools the live catalog does not have. */
export async function createPersonaForCatalog(input: NewPersona, actor: Actor): Promise<PersonaDTO> {
  await checkGrantNames(input.grant);
  return createPersona(input, actor);
}

/** Switches one tool on or off for a persona; see {@link togglePersonaTools}. */
export async function togglePersonaTool(slug: string, toolName: string, enabled: boolean, actor: Actor): Promise<PersonaDTO> {
  return togglePersonaTools(slug, [toolName], enabled, actor);
}

/** A persona with its tools resolved against the live catalog. */
export interface ResolvedPersona {
  readonly persona: PersonaDTO;
  readonly resolution: PersonaToolResolution<Tool>;
  /** Where its ceiling comes from, in a few words ("inherits the grant of support-base"). */
  readonly grantSummary: string;
  /** Names in this persona's own grant and disabled list that match no tool (an inherited grant's are its owner's). */
  readonly staleNames: readonly string[];
}

/** A few words on a persona's own grant setting. */
export function describeGrant(persona: Pick<PersonaDTO, "grant" | "parentSlug">): string {
  if (persona.grant === null) return persona.parentSlug ? `inherits the grant of ${persona.parentSlug}` : "no grant: every tool";
  if (persona.grant === "all") return "grant: every tool";
  if (persona.grant.length === 0) return "grant: no tools";
  return `grant: ${persona.grant.length} tool${persona.grant.length === 1 ? "" : "s"}`;
}

/** `persona` resolved within `bySlug` (every persona) against `catalog`. */
export function resolvePersonaIn(persona: PersonaDTO, bySlug: ReadonlyMap<string, PersonaDTO>, catalog: readonly Tool[]): ResolvedPersona {
  const resolution = resolveStoredPersona(personaChain(persona.slug, bySlug), catalog);
  const ownGrantStale = resolution.grantSource === persona.slug ? resolution.staleNames.grant : [];
  return {
    persona,
    resolution,
    grantSummary: describeGrant(persona),
    staleNames: [...new Set([...ownGrantStale, ...resolution.staleNames.disabled])],
  };
}

/** Every persona with its effective tools and the reason for each tool, plus the catalog size. */
export async function listResolvedPersonas(): Promise<{ personas: ResolvedPersona[]; catalogSize: number }> {
  const [personas, catalog] = await Promise.all([listPersonas(), loadToolCatalog()]);
  const bySlug = new Map(personas.map((persona) => [persona.slug, persona]));
  return { personas: personas.map((persona) => resolvePersonaIn(persona, bySlug, catalog)), catalogSize: catalog.length };
}
