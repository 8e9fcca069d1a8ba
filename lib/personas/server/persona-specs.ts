import "server-only";
/**
 * What the agent sees (SPEC §8): a persona's effective tools as one provider's tool
 * specifications, each in the variant an agent gets by default (OpenAI strict where the tool can
 * be) with its verdict, reason and details. The specifications are the runtime API's own list
 * (`GET /api/v1/personas/{slug}/tools?format=`), so the personas page shows exactly what an agent
 * receives; the verdicts come from the same variant builder over the same tools.
 */
import { NotFoundError } from "../../errors";
import { toProviderVariants, type CompatibilityFinding, type ProviderFormat, type ProviderSpecs, type ShapeVerdict } from "../../tools";
import { agentToolList, listAgentTools } from "../../agent-door";

/** One tool's variant for a provider: which, why, and the details behind it. */
export interface ToolVariantSummary {
  readonly tool: string;
  readonly verdict: ShapeVerdict;
  readonly reason: string;
  readonly findings: readonly CompatibilityFinding[];
}

export interface PersonaToolSpecs<F extends ProviderFormat> {
  readonly slug: string;
  readonly format: F;
  /** One specification per effective tool, in catalog order. */
  readonly specs: ProviderSpecs[F][];
  /** Per tool, in the same order: the variant `format`'s provider gets and why. */
  readonly variants: readonly ToolVariantSummary[];
}

/**
 * Persona `slug`'s effective tools (grant minus disabled, against the live catalog) as `format`
 * specifications, with each tool's variant and the reason.
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
    variants: toProviderVariants(tools, format).map(({ verdict, reason, findings }, index) => ({ tool: tools[index]!.name, verdict, reason, findings })),
  };
}
