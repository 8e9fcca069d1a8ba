/**
 * What the agent sees (SPEC §8): a persona's effective tools as one provider's tool
 * specifications, with the compatibility notes for that provider. The personas page shows it and
 * `GET /api/v1/personas/{slug}/tools?format=` serves it, from this one function, so an operator
 * reads exactly what an agent receives.
 */
import { getPersonaChain } from "../db/personas";
import { compatibilityReport, toProviderSpecs, type CompatibilityFinding, type ProviderFormat, type ProviderSpecs } from "../tools";
import { resolveStoredPersona } from "./persona-tools";
import { loadToolCatalog } from "./tool-catalog";

/** A compatibility finding with the tool it concerns. */
export interface ToolCompatibilityNote extends CompatibilityFinding {
  readonly tool: string;
}

export interface PersonaToolSpecs<F extends ProviderFormat> {
  readonly slug: string;
  readonly format: F;
  /** One specification per effective tool, in catalog order. */
  readonly specs: ProviderSpecs[F][];
  /** What `format`'s provider would change or refuse in those tools, tool by tool. */
  readonly notes: readonly ToolCompatibilityNote[];
}

/**
 * Persona `slug`'s effective tools (grant minus disabled, against the live catalog) as `format`
 * specifications, with that provider's compatibility notes.
 *
 * @throws NotFoundError when the persona (or a parent in its chain) does not exist.
 */
export async function personaToolSpecs<F extends ProviderFormat>(slug: string, format: F): Promise<PersonaToolSpecs<F>> {
  const [chain, catalog] = await Promise.all([getPersonaChain(slug), loadToolCatalog()]);
  const tools = resolveStoredPersona(chain, catalog).available;
  return {
    slug,
    format,
    specs: toProviderSpecs(tools, format),
    notes: tools.flatMap((tool) => compatibilityReport(tool)[format].map((finding) => ({ ...finding, tool: tool.name }))),
  };
}
