/**
 * Persona tool resolution (SPEC §4): a persona's effective tools are its grant (the ceiling)
 * minus its operator's disabled list, never wider than the grant.
 *
 * - The grant is inherited: the nearest persona in the chain (itself, then its parent, …) that
 *   declares one decides, so a base persona narrows a whole family unless a child declares its
 *   own. When no persona in the chain declares one, every registered tool is granted.
 * - The disabled list applies to its own persona only; ancestors' lists do not. The grant carries
 *   the family's ceiling (set by admins); the disabled list is an operator's switch for one
 *   persona, and switching a tool off for a base persona must not silently switch it off for
 *   children that an operator tuned separately.
 * - Resolution iterates the live registry, so a stale name (a tool since deleted or renamed) in
 *   the grant or the disabled list is skipped — it can never conjure or break a tool — and
 *   reported so the dashboard can offer to clean it up.
 */
import { normalizeToolNameList } from "./tool-names";

/** What an admin set: inherit the parent's grant, every tool, or a list of tool names. */
export type ToolGrant =
  | { readonly kind: "inherit" }
  | { readonly kind: "all" }
  | { readonly kind: "tools"; readonly names: readonly string[] };

/** One persona's scoping: its grant and its operator-disabled tool names. */
export interface PersonaScope {
  readonly slug: string;
  readonly grant: ToolGrant;
  readonly disabled: readonly string[];
}

export type ToolAvailabilityCode = "available" | "disabled_by_operator" | "outside_grant";

export interface ToolExplanation {
  readonly tool: string;
  readonly available: boolean;
  readonly code: ToolAvailabilityCode;
  /** A sentence for the dashboard, e.g. "outside the grant inherited from support-base". */
  readonly reason: string;
}

export interface PersonaToolResolution<T> {
  /** The effective tools, in registry order. */
  readonly available: T[];
  /** One entry per registered tool, in registry order. */
  readonly explanations: ToolExplanation[];
  /** Slug of the persona whose grant applies; null when none declares one (every tool). */
  readonly grantSource: string | null;
  /** Names that match no registered tool: in the applying grant, and in this persona's disabled list. */
  readonly staleNames: { readonly grant: string[]; readonly disabled: string[] };
}

interface Ceiling {
  readonly source: PersonaScope | null;
  /** null means every tool. */
  readonly names: ReadonlySet<string> | null;
}

function ceilingOf(chain: readonly PersonaScope[]): Ceiling {
  const source = chain.find((scope) => scope.grant.kind !== "inherit") ?? null;
  if (source?.grant.kind !== "tools") return { source, names: null };
  return { source, names: new Set(normalizeToolNameList(source.grant.names)) };
}

function availableReason(source: PersonaScope | null, persona: PersonaScope): string {
  if (source === null) return "available (no grant set: every tool)";
  return source === persona ? "available (granted by this persona)" : `available (granted by ${source.slug})`;
}

function outsideReason(source: PersonaScope, persona: PersonaScope): string {
  return source === persona ? "outside this persona's grant" : `outside the grant inherited from ${source.slug}`;
}

/**
 * Resolves which of `tools` (the live registry) the first persona of `chain` may use, and why
 * each tool is or is not available.
 *
 * @param chain the persona first, then its parent, grandparent… up to the root.
 * @param tools the registered tools; anything with a `name` (tools or their summaries).
 */
export function resolvePersonaTools<T extends { readonly name: string }>(
  chain: readonly PersonaScope[],
  tools: Iterable<T>,
): PersonaToolResolution<T> {
  const persona = chain[0];
  if (!persona) throw new TypeError("A persona chain starts with the persona itself; it cannot be empty");
  const ceiling = ceilingOf(chain);
  const disabled = normalizeToolNameList(persona.disabled);
  const disabledSet = new Set(disabled);
  const registered = new Set<string>();
  const available: T[] = [];
  const explanations: ToolExplanation[] = [];

  for (const tool of tools) {
    registered.add(tool.name);
    let explanation: ToolExplanation;
    if (ceiling.source !== null && ceiling.names !== null && !ceiling.names.has(tool.name)) {
      explanation = { tool: tool.name, available: false, code: "outside_grant", reason: outsideReason(ceiling.source, persona) };
    } else if (disabledSet.has(tool.name)) {
      explanation = { tool: tool.name, available: false, code: "disabled_by_operator", reason: "disabled by operator" };
    } else {
      explanation = { tool: tool.name, available: true, code: "available", reason: availableReason(ceiling.source, persona) };
      available.push(tool);
    }
    explanations.push(explanation);
  }

  return {
    available,
    explanations,
    grantSource: ceiling.source?.slug ?? null,
    staleNames: {
      grant: [...(ceiling.names ?? [])].filter((name) => !registered.has(name)),
      disabled: disabled.filter((name) => !registered.has(name)),
    },
  };
}
