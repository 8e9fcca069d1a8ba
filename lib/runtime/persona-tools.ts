/**
 * A stored persona's effective tools against the live catalog (SPEC §4), with the reason for
 * every tool — what the personas page shows and what the runtime API will serve.
 */
import type { Actor } from "../audit/events";
import { listPersonas, setPersonaToolEnabled, type PersonaDTO, type PersonaGrant } from "../db/personas";
import { NotFoundError } from "../errors";
import { personaChain } from "../personas/chain";
import { resolvePersonaTools, type PersonaScope, type PersonaToolResolution, type ToolGrant } from "../personas/resolve";
import type { Tool } from "../tools";
import { loadToolCatalog } from "./tool-catalog";

function toToolGrant(grant: PersonaGrant): ToolGrant {
  if (grant === null) return { kind: "inherit" };
  if (grant === "all") return { kind: "all" };
  return { kind: "tools", names: grant };
}

/** The resolution scope of a stored persona. */
function toPersonaScope(persona: PersonaDTO): PersonaScope {
  return { slug: persona.slug, grant: toToolGrant(persona.grant), disabled: persona.disabledTools };
}

/** Resolves `chain` (a persona then its ancestors, as getPersonaChain returns it) against `catalog`. */
function resolveStoredPersona(chain: readonly PersonaDTO[], catalog: readonly Tool[]): PersonaToolResolution<Tool> {
  return resolvePersonaTools(chain.map(toPersonaScope), catalog);
}

/**
 * Switches a tool on or off for a persona, refusing a name that is not in the live catalog so a
 * typo cannot plant a stale entry. Switching on never widens the grant (resolution caps it).
 */
export async function togglePersonaTool(slug: string, toolName: string, enabled: boolean, actor: Actor): Promise<PersonaDTO> {
  const catalog = await loadToolCatalog();
  if (!catalog.some((tool) => tool.name === toolName)) {
    throw new NotFoundError(`There is no tool named "${toolName}".`);
  }
  return setPersonaToolEnabled(slug, toolName, enabled, actor);
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
function describeGrant(persona: Pick<PersonaDTO, "grant" | "parentSlug">): string {
  if (persona.grant === null) return persona.parentSlug ? `inherits the grant of ${persona.parentSlug}` : "no grant: every tool";
  if (persona.grant === "all") return "grant: every tool";
  return `grant: ${persona.grant.length} tool${persona.grant.length === 1 ? "" : "s"}`;
}

/** Every persona with its effective tools and the reason for each tool, plus the catalog size. */
export async function listResolvedPersonas(): Promise<{ personas: ResolvedPersona[]; catalogSize: number }> {
  const [personas, catalog] = await Promise.all([listPersonas(), loadToolCatalog()]);
  const bySlug = new Map(personas.map((persona) => [persona.slug, persona]));
  return {
    personas: personas.map((persona) => {
      const resolution = resolveStoredPersona(personaChain(persona.slug, bySlug), catalog);
      const ownGrantStale = resolution.grantSource === persona.slug ? resolution.staleNames.grant : [];
      return {
        persona,
        resolution,
        grantSummary: describeGrant(persona),
        staleNames: [...new Set([...ownGrantStale, ...resolution.staleNames.disabled])],
      };
    }),
    catalogSize: catalog.length,
  };
}
