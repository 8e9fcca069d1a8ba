import "server-only";
/**
 * The tools × personas matrix of the stored personas against the live catalog (the matrix page).
 */
import { listPersonas } from "./personas";
import { buildPersonaMatrix, type PersonaMatrix } from "../matrix";
import { loadGroupedCatalog, toPersonaScope } from "./persona-tools";

/** Every catalog tool × every persona (by slug), with availability and reason per cell. */
export async function loadPersonaMatrix(): Promise<PersonaMatrix> {
  const [personas, { catalog, groupOf }] = await Promise.all([listPersonas(), loadGroupedCatalog()]);
  return buildPersonaMatrix(
    personas.map((persona) => ({ ...toPersonaScope(persona), name: persona.name, parentSlug: persona.parentSlug })),
    catalog.map((tool) => ({ name: tool.name, group: groupOf(tool.name) })),
  );
}
