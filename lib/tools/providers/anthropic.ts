/**
 * Anthropic tools: `{name, description, input_schema}`, plus `strict: true` for strict tool use.
 * Plain mode accepts the safe subset as written, so by default nothing is changed and no `strict`
 * field is sent. Strict tool use is served on request (`?format=anthropic&strict=true`), not by
 * default: Anthropic compiles every strict tool of a request into one grammar and refuses the whole
 * request past a budget — documented as 20 strict tools and 24 optional parameters, and in practice
 * lower for some models ("The compiled grammar is too large" with a dozen tools) — so strict by
 * default would break a persona's every request where plain mode works.
 *
 * The strict variant (strict-schema.ts) closes every object and moves into the description what
 * strict tool use does not take (checked 2026-12): numeric bounds, string lengths, `minItems`
 * other than 0 or 1, `maxItems`, `uniqueItems`, a `pattern` with lookaround, backreferences or
 * `\b`, formats outside its list, enums of non-scalar values. Optional parameters stay optional.
 * Over a list, tools go strict in catalog order while the request's budget lasts; the rest go plain,
 * each with the reason.
 */
import type { ObjectSchema } from "../types";
import { strictSchema, type StrictDialect } from "./strict-schema";
import { movedTail, variantOf, type CompatibilityFinding, type ToolShape, type ToolVariant } from "./types";

export interface AnthropicToolSpec {
  readonly name: string;
  readonly description: string;
  readonly input_schema: ObjectSchema | Readonly<Record<string, unknown>>;
  /** Present (true) only on the strict variant. */
  readonly strict?: true;
}

/** Anthropic's tool name rule. */
export const ANTHROPIC_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** What one request may hold of strict tools (Anthropic's structured outputs documentation). */
export const ANTHROPIC_STRICT_BUDGET = { tools: 20, optionalParameters: 24 } as const;

const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]);
/** Lookaround, backreferences and word boundaries: what its pattern grammar refuses. */
const UNSUPPORTED_PATTERN = /\(\?<?[=!]|\\[1-9]|\\k<|\\[bB]/;
const isScalar = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value);

function keeps(keyword: string, value: unknown, type: unknown): boolean {
  if (keyword === "enum") return Array.isArray(value) && value.every(isScalar);
  if (keyword === "const") return isScalar(value);
  if (type === "string" && keyword === "pattern") return typeof value === "string" && !UNSUPPORTED_PATTERN.test(value);
  if (type === "string" && keyword === "format") return STRICT_FORMATS.has(String(value));
  if (type === "array" && keyword === "minItems") return value === 0 || value === 1;
  return false;
}

const DIALECT: StrictDialect = { provider: "anthropic", label: "Anthropic strict tool use", keeps, allRequired: false };

function refusals(tool: ToolShape): CompatibilityFinding[] {
  if (ANTHROPIC_NAME.test(tool.name)) return [];
  return [{ provider: "anthropic", severity: "refused", path: "name", message: "Anthropic tool names are 1–64 letters, digits, _ or -." }];
}

const plainSpec = (tool: ToolShape): AnthropicToolSpec => ({ name: tool.name, description: tool.description, input_schema: structuredClone(tool.parameters) });

/** The tool sent plain by default, with whether strict on request would be possible. */
function plainVariant(tool: ToolShape): ToolVariant<AnthropicToolSpec> {
  const converted = strictSchema(tool.parameters, DIALECT);
  const fits = converted.ok && converted.optionalCount <= ANTHROPIC_STRICT_BUDGET.optionalParameters;
  const strictNote = fits ? "strict tool use is available on request (?strict=true)" : `strict tool use is not possible: ${converted.ok ? optionalTooMany(converted.optionalCount) : converted.reason}`;
  return variantOf(plainSpec(tool), refusals(tool), false, `Sent as written; ${strictNote}.`);
}

const optionalTooMany = (count: number) => `it has ${count} optional parameters; a request takes at most ${ANTHROPIC_STRICT_BUDGET.optionalParameters}`;

/**
 * The tools as Anthropic tools: plain, or with `strict` each tool strict that can be while the
 * request's budget (20 strict tools, 24 optional parameters in all) lasts, in order.
 */
export function anthropicVariants(tools: readonly ToolShape[], strict = false): ToolVariant<AnthropicToolSpec>[] {
  if (!strict) return tools.map(plainVariant);
  const used = { tools: 0, optional: 0 };
  return tools.map((tool) => {
    const refused = refusals(tool);
    if (refused.length > 0) return variantOf(plainSpec(tool), refused, false, "");
    const converted = strictSchema(tool.parameters, DIALECT);
    let why: string;
    if (!converted.ok) why = converted.reason;
    else if (used.tools >= ANTHROPIC_STRICT_BUDGET.tools) why = `the request already holds ${ANTHROPIC_STRICT_BUDGET.tools} strict tools, the most Anthropic takes`;
    else if (used.optional + converted.optionalCount > ANTHROPIC_STRICT_BUDGET.optionalParameters) {
      why = used.optional === 0 ? optionalTooMany(converted.optionalCount) : `its ${converted.optionalCount} optional parameters would take the request past ${ANTHROPIC_STRICT_BUDGET.optionalParameters} in all`;
    } else {
      used.tools += 1;
      used.optional += converted.optionalCount;
      const spec: AnthropicToolSpec = { name: tool.name, description: tool.description, input_schema: converted.schema, strict: true };
      return variantOf(spec, converted.changes, true, `Sent with strict: true${movedTail(converted.changes, "Anthropic")}.`);
    }
    const note: CompatibilityFinding = { provider: "anthropic", severity: "note", path: converted.ok ? "parameters" : converted.path, message: `Sent without strict: ${why}.` };
    return variantOf(plainSpec(tool), [note], false, note.message);
  });
}
