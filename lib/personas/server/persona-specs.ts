import "server-only";
/**
 * What the agent sees (SPEC §8): a persona's effective tools as one provider's tool
 * specifications, with the compatibility notes for that provider. The specifications are the
 * runtime API's own list (`GET /api/v1/personas/{slug}/tools?format=`), so the personas page shows
 * exactly what an agent receives.
 */
import { NotFoundError } from "../../errors";
import { compatibilityReport, type CompatibilityFinding, type ProviderFormat, type ProviderSpecs } from "../../tools";
import { agentToolList, listAgentTools } from "../../agent-door";

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
  // The runtime API's own list (same snapshot, same cache), so the page shows byte for byte what agents get.
  const list = await agentToolList(slug, format);
  if (list === null) throw new NotFoundError(`Persona "${slug}" does not exist.`);
  const tools = await listAgentTools(slug);
  return {
    slug,
    format,
    specs: list.specs as ProviderSpecs[F][],
    notes: tools.flatMap((tool) => compatibilityReport(tool)[format].map((finding) => ({ ...finding, tool: tool.name }))),
  };
}
