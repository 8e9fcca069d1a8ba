import "server-only";
/**
 * One persona as its dashboard page shows it: where it sits in the tree, every catalog tool with
 * its group, availability and reason, who switched each disabled tool off and when (read back from
 * the audit trail), what its parent switched off (which does not apply to it), and the names in
 * its grant or disabled list of tools that no longer exist.
 */
import { listAuditEvents, type AuditEventDTO } from "../../audit";
import { listPersonas, type PersonaDTO } from "./personas";
import { NotFoundError } from "../../errors";
import type { ToolAvailabilityCode } from "../resolve";
import { whoSwitchedOff, type SwitchedOff } from "../switch-history";
import { loadGroupedCatalog, resolvePersonaIn, type ResolvedPersona } from "./persona-tools";

const AUDIT_PAGE = 200;

export interface PersonaToolRow {
  readonly name: string;
  readonly description: string;
  readonly group: string;
  /** Whether calling it has side effects (the grant form counts them). */
  readonly sideEffect: boolean;
  readonly available: boolean;
  readonly code: ToolAvailabilityCode;
  readonly reason: string;
  /** Set when the operator switched it off and the audit trail says who. */
  readonly switchedOff: SwitchedOff | null;
  /** True when the parent switched it off for itself (it stays on here unless switched off here too). */
  readonly offOnParent: boolean;
}

export interface PersonaView {
  readonly resolved: Omit<ResolvedPersona, "resolution">;
  readonly availableCount: number;
  readonly catalogSize: number;
  readonly grantSource: string | null;
  readonly tools: readonly PersonaToolRow[];
  readonly groups: readonly string[];
  readonly children: readonly Pick<PersonaDTO, "slug" | "name">[];
  /** Every other persona, for the parent picker. */
  readonly otherPersonas: readonly Pick<PersonaDTO, "slug" | "name">[];
  /** The parent's own grant ceiling and switches, for the inheritance explanation. */
  readonly parent: Pick<PersonaDTO, "slug" | "name"> | null;
}

/** Every recorded change of persona `id`'s disabled list, oldest first. */
async function disabledListChanges(personaId: string): Promise<AuditEventDTO[]> {
  const events: AuditEventDTO[] = [];
  let cursor: number | null = null;
  do {
    const page = await listAuditEvents({ targetType: "persona", targetId: personaId, action: "persona.toggle_tool", cursor, limit: AUDIT_PAGE });
    events.push(...page.events);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return events.reverse();
}

/**
 * The page data of persona `slug`.
 *
 * @throws NotFoundError when it does not exist; as personaChain when the stored tree is broken.
 */
export async function getPersonaView(slug: string): Promise<PersonaView> {
  const [personas, { catalog, groupOf }] = await Promise.all([listPersonas(), loadGroupedCatalog()]);
  const persona = personas.find((candidate) => candidate.slug === slug);
  if (!persona) throw new NotFoundError(`Persona "${slug}" does not exist.`);
  const bySlug = new Map(personas.map((candidate) => [candidate.slug, candidate]));
  const { resolution, ...resolved } = resolvePersonaIn(persona, bySlug, catalog);
  const parent = persona.parentSlug ? (bySlug.get(persona.parentSlug) ?? null) : null;
  const offOnParent = new Set(parent?.disabledTools ?? []);
  const switchedOff = whoSwitchedOff(persona.disabledTools, await disabledListChanges(persona.id));

  const tools = resolution.explanations.map((explanation, index) => ({
    name: explanation.tool,
    description: catalog[index]!.description,
    group: groupOf(explanation.tool),
    sideEffect: catalog[index]!.sideEffect,
    available: explanation.available,
    code: explanation.code,
    reason: explanation.reason,
    switchedOff: explanation.code === "disabled_by_operator" ? (switchedOff.get(explanation.tool) ?? null) : null,
    offOnParent: offOnParent.has(explanation.tool),
  }));
  return {
    resolved,
    availableCount: resolution.available.length,
    catalogSize: catalog.length,
    grantSource: resolution.grantSource,
    tools,
    groups: [...new Set(tools.map((tool) => tool.group))].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })),
    children: personas.filter((candidate) => candidate.parentSlug === slug).map(({ slug: child, name }) => ({ slug: child, name })),
    otherPersonas: personas.filter((candidate) => candidate.slug !== slug).map(({ slug: other, name }) => ({ slug: other, name })),
    parent: parent ? { slug: parent.slug, name: parent.name } : null,
  };
}
