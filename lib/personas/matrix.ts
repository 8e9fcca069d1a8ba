/**
 * The tools × personas matrix (the dashboard's whole-catalogue view): for every tool and every
 * persona, whether the persona may use it and why. Built with one resolution per persona — not
 * one per cell — so 500 tools × 30 personas stays a few milliseconds (bench/persona-matrix.ts).
 */
import { personaChain } from "./chain";
import { resolvePersonaTools, type PersonaScope, type ToolAvailabilityCode } from "./resolve";

/** A persona as the matrix needs it: its scope and its place in the tree. */
export interface MatrixPersona extends PersonaScope {
  readonly name: string;
  readonly parentSlug: string | null;
}

/** A catalogue tool and the group it is filed under. */
export interface MatrixTool {
  readonly name: string;
  readonly group: string;
}

export interface MatrixCell {
  readonly available: boolean;
  readonly code: ToolAvailabilityCode;
  readonly reason: string;
}

export interface MatrixRow {
  readonly tool: string;
  readonly group: string;
  /** One cell per persona, in the order of {@link PersonaMatrix.personas}. */
  readonly cells: readonly MatrixCell[];
}

export interface PersonaMatrix {
  readonly personas: readonly { readonly slug: string; readonly name: string }[];
  readonly rows: readonly MatrixRow[];
  /** Every group, sorted ignoring case. */
  readonly groups: readonly string[];
}

/**
 * The matrix of `tools` (catalogue order) × `personas` (given order).
 *
 * @throws as personaChain does when the stored tree is broken (a cycle, a missing parent).
 */
export function buildPersonaMatrix(personas: readonly MatrixPersona[], tools: readonly MatrixTool[]): PersonaMatrix {
  const bySlug = new Map(personas.map((persona) => [persona.slug, persona]));
  const columns = personas.map((persona) => resolvePersonaTools(personaChain(persona.slug, bySlug), tools).explanations);
  const rows = tools.map((tool, index) => ({
    tool: tool.name,
    group: tool.group,
    cells: columns.map((explanations) => {
      const { available, code, reason } = explanations[index]!;
      return { available, code, reason };
    }),
  }));
  const groups = [...new Set(tools.map((tool) => tool.group))].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" }));
  return { personas: personas.map(({ slug, name }) => ({ slug, name })), rows, groups };
}
