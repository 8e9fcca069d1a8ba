/**
 * The token cost of the tool being edited (issue 28, authoring feedback): the draft's
 * specifications in every format, counted as a persona's budget counts them. On the server,
 * because the o200k_base tokenizer's ranks (2.4 MB, about 1 MB compressed) are too large for the
 * editor's bundle; the editor asks after the operator pauses typing.
 */
import { ValidationError } from "../errors";
import {
  COST_BASIS,
  parseParameterSchema,
  PROVIDER_FORMATS,
  toolCost,
  toProviderSpecs,
  type CostMeasure,
  type ObjectSchema,
  type ProviderFormat,
  type ToolCost,
  type ToolShape,
} from "../tools";
import type { ToolShapeInput } from "./schemas";

/** A draft's cost, with what kind of figure each provider's is (the editor says "estimate" beside those). */
export interface DraftToolCost extends ToolCost {
  readonly measures: { readonly [F in ProviderFormat]: CostMeasure };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * What the draft `input` costs each provider per request, and why.
 *
 * @throws ValidationError when the parameters are not a schema the tool library accepts, or the output schema is not an object.
 */
export function draftToolCost(input: ToolShapeInput): DraftToolCost {
  const parameters = parseParameterSchema(input.parameters);
  if (input.outputSchema !== undefined && !isPlainObject(input.outputSchema)) {
    throw new ValidationError([{ path: "outputSchema", message: "must be a JSON Schema object" }]);
  }
  const shape: ToolShape = {
    name: input.name,
    description: input.description,
    parameters,
    sideEffect: input.sideEffect,
    origin: "data",
    ...(input.method === undefined ? {} : { method: input.method }),
    ...(input.outputSchema === undefined ? {} : { outputSchema: input.outputSchema as ObjectSchema }),
  };
  const [openai, anthropic, gemini, mcp] = PROVIDER_FORMATS.map((format) => toProviderSpecs([shape], format)[0]);
  const measures = { openai: COST_BASIS.openai.measure, anthropic: COST_BASIS.anthropic.measure, gemini: COST_BASIS.gemini.measure, mcp: COST_BASIS.mcp.measure };
  return { ...toolCost({ openai, anthropic, gemini, mcp }), measures };
}
