/**
 * Anthropic tools: `{name, description, input_schema}`. Plain mode accepts the safe subset as
 * written, so nothing is changed; Quiver does not send `strict: true` (its subset is narrower:
 * no numeric or length bounds), and {@link anthropicFindings} says what strict mode would drop.
 */
import { childPath } from "../definition";
import type { ObjectSchema } from "../types";
import { propertiesOf, requiredOf, schemasIn } from "./schema-walk";
import type { CompatibilityFinding, FindingSeverity, ToolShape } from "./types";

export interface AnthropicToolSpec {
  readonly name: string;
  readonly description: string;
  readonly input_schema: ObjectSchema;
}

/** Anthropic's tool name rule. */
export const ANTHROPIC_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Strict tool use: at most this many optional parameters across all strict tools of a request. */
const STRICT_MAX_OPTIONAL = 24;
const STRICT_UNSUPPORTED = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "maxItems"];
/** Backreferences and lookaround, which strict mode's regular expressions lack. */
const UNSUPPORTED_REGEX = /\\[1-9]|\\k<|\(\?[=!<]/;

/** The tool as an Anthropic Messages API tool. */
export function anthropicToolSpec(tool: ToolShape): AnthropicToolSpec {
  return { name: tool.name, description: tool.description, input_schema: structuredClone(tool.parameters) };
}

/** What Anthropic refuses, and what strict tool use would not support. */
export function anthropicFindings(tool: ToolShape): CompatibilityFinding[] {
  const findings: CompatibilityFinding[] = [];
  const add = (severity: FindingSeverity, path: string, message: string) =>
    findings.push({ provider: "anthropic", severity, path, message });

  if (!ANTHROPIC_NAME.test(tool.name)) add("refused", "name", "Anthropic tool names are 1–64 letters, digits, _ or -.");
  let optional = 0;
  for (const { schema, path } of schemasIn(tool.parameters)) {
    for (const keyword of STRICT_UNSUPPORTED) {
      if (schema[keyword] !== undefined) add("note", childPath(path, keyword), `Strict tool use does not support ${keyword}.`);
    }
    if (typeof schema.minItems === "number" && schema.minItems > 1) {
      add("note", childPath(path, "minItems"), "Strict tool use supports minItems of 0 or 1 only.");
    }
    if (typeof schema.pattern === "string" && UNSUPPORTED_REGEX.test(schema.pattern)) {
      add("note", childPath(path, "pattern"), "Strict tool use does not support backreferences or lookaround in patterns.");
    }
    if (Array.isArray(schema.enum) && schema.enum.some((value) => typeof value === "object" && value !== null)) {
      add("note", childPath(path, "enum"), "Strict tool use supports only simple (non-object, non-array) enum values.");
    }
    if (schema.type === "object") {
      if (schema.additionalProperties !== false) add("note", path, "Strict tool use needs additionalProperties: false on every object.");
      const required = new Set(requiredOf(schema));
      optional += propertiesOf(schema).filter(([name]) => !required.has(name)).length;
    }
  }
  if (optional > STRICT_MAX_OPTIONAL) {
    add("note", "parameters", `Strict tool use allows ${STRICT_MAX_OPTIONAL} optional parameters per request across all tools; this tool alone has ${optional}.`);
  }
  return findings;
}
