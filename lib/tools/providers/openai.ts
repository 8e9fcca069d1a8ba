/**
 * OpenAI function tools. Quiver serves the Chat Completions shape
 * `{type: "function", function: {name, description, parameters, strict}}`, the one OpenAI-
 * compatible servers (vLLM, Ollama, LiteLLM, Mistral…) accept too. The Responses API takes the same
 * fields one level up (`{type: "function", name, …}`); a caller can flatten `function` itself.
 *
 * By default a tool goes strict (`strict: true`, Structured Outputs) whenever its schema can be
 * said so (strict-schema.ts): the model's arguments are then sampled to fit the schema, so a call
 * never fails on a wrong type or a missing key. Strict mode lists every property as required, so
 * optional ones become nullable and a model sends `null` for "not given"; the door turns that null
 * back into an absent key before validation (strict-arguments.ts), which is what made strict safe
 * to turn on. A tool that cannot be strict goes with `strict: false` (always sent: the Responses
 * API turns strict on when the field is omitted), with the reason; `?strict=false` asks for that
 * variant for every tool.
 *
 * What strict mode takes (OpenAI's "Supported schemas", checked 2026-12): types, `enum`, `const`,
 * string `pattern` and a listed `format`, number `minimum`/`maximum`/`exclusive*`/`multipleOf`,
 * array `minItems`/`maxItems`; at most 5,000 properties, 10 levels of nested objects, 1,000 enum
 * values, 120,000 characters of names, enum and const values, and 15,000 characters for one string
 * enum of more than 250 values. Everything else moves into the description.
 */
import type { ObjectSchema } from "../types";
import { schemasIn, type SchemaObject } from "./schema-walk";
import { strictSchema, type StrictDialect, type StrictRefusal } from "./strict-schema";
import { movedTail, variantOf, type CompatibilityFinding, type ToolShape, type ToolVariant } from "./types";

export interface OpenAIToolSpec {
  readonly type: "function";
  readonly function: {
    readonly name: string;
    readonly description: string;
    /** The stored schema (`strict: false`), or its strict variant (`strict: true`). */
    readonly parameters: ObjectSchema | Readonly<Record<string, unknown>>;
    readonly strict: boolean;
  };
}

/** OpenAI's function name rule. */
export const OPENAI_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Longer function descriptions are refused with "string too long". */
export const OPENAI_MAX_DESCRIPTION = 1024;

/** The limits of one strict schema (OpenAI's Structured Outputs documentation). */
export const OPENAI_STRICT_LIMITS = {
  properties: 5000,
  objectDepth: 10,
  enumValues: 1000,
  characters: 120_000,
  largeEnum: { values: 250, characters: 15_000 },
} as const;

/** String formats strict mode documents. */
const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);
const NUMBER_KEYWORDS = new Set(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]);

function keeps(keyword: string, value: unknown, type: unknown): boolean {
  if (keyword === "title" || keyword === "enum" || keyword === "const") return true;
  if (type === "string") return keyword === "pattern" || (keyword === "format" && STRICT_FORMATS.has(String(value)));
  if (type === "number" || type === "integer") return NUMBER_KEYWORDS.has(keyword);
  if (type === "array") return keyword === "minItems" || keyword === "maxItems";
  return false;
}

/** The size limits, checked on the finished strict schema. */
function limitProblem(schema: SchemaObject): StrictRefusal | null {
  const limits = OPENAI_STRICT_LIMITS;
  let properties = 0;
  let enumValues = 0;
  let characters = 0;
  for (const { schema: node, path } of schemasIn(schema)) {
    const names = node.properties && typeof node.properties === "object" ? Object.keys(node.properties) : [];
    properties += names.length;
    characters += names.reduce((sum, name) => sum + name.length, 0);
    const values = Array.isArray(node.enum) ? node.enum : [];
    enumValues += values.length;
    const enumCharacters = values.reduce((sum: number, value) => sum + (typeof value === "string" ? value.length : 0), 0);
    characters += enumCharacters + (typeof node.const === "string" ? node.const.length : 0);
    if (values.length > limits.largeEnum.values && enumCharacters > limits.largeEnum.characters) {
      return { path, reason: `an enum of more than ${limits.largeEnum.values} values holds over ${limits.largeEnum.characters.toLocaleString("en")} characters, more than strict mode takes` };
    }
  }
  if (properties > limits.properties) return { path: "parameters", reason: `it has ${properties} properties; strict mode takes at most ${limits.properties.toLocaleString("en")}` };
  if (enumValues > limits.enumValues) return { path: "parameters", reason: `it has ${enumValues} enum values; strict mode takes at most ${limits.enumValues.toLocaleString("en")}` };
  if (characters > limits.characters) return { path: "parameters", reason: `its names and enum values hold ${characters} characters; strict mode takes at most ${limits.characters.toLocaleString("en")}` };
  return null;
}

const DIALECT: StrictDialect = {
  provider: "openai",
  label: "OpenAI strict mode",
  keeps,
  allRequired: true,
  maxObjectDepth: OPENAI_STRICT_LIMITS.objectDepth,
  limitProblem,
};

/** What OpenAI refuses whichever variant is sent: a name, a description, an array without items. */
function refusals(tool: ToolShape): CompatibilityFinding[] {
  const findings: CompatibilityFinding[] = [];
  const refuse = (path: string, message: string) => findings.push({ provider: "openai", severity: "refused", path, message });
  if (!OPENAI_NAME.test(tool.name)) refuse("name", "OpenAI function names are 1–64 letters, digits, _ or -.");
  if (tool.description.length > OPENAI_MAX_DESCRIPTION) {
    refuse("description", `OpenAI refuses descriptions over ${OPENAI_MAX_DESCRIPTION} characters (this one has ${tool.description.length}).`);
  }
  for (const { schema, path } of schemasIn(tool.parameters)) {
    if (schema.type === "array" && schema.items === undefined) refuse(path, "OpenAI refuses an array without items: say what type its items are.");
  }
  return findings;
}

/**
 * The tool as an OpenAI function tool: strict when `strict` (the default) and its schema can be
 * said so, else `strict: false` with the stored schema — and why, with the details.
 */
export function openaiVariant(tool: ToolShape, strict = true): ToolVariant<OpenAIToolSpec> {
  const refused = refusals(tool);
  const plain = (parameters: OpenAIToolSpec["function"]["parameters"], isStrict: boolean): OpenAIToolSpec => ({
    type: "function",
    function: { name: tool.name, description: tool.description, parameters, strict: isStrict },
  });
  // A refused tool needs fixing first; what strict mode would make of it is no second remark.
  if (!strict || refused.length > 0) return variantOf(plain(structuredClone(tool.parameters), false), refused, false, "Sent with strict: false, as asked (?strict=false).");
  const converted = strictSchema(tool.parameters, DIALECT);
  if (!converted.ok) {
    const note: CompatibilityFinding = { provider: "openai", severity: "note", path: converted.path, message: `Sent with strict: false: ${converted.reason}.` };
    return variantOf(plain(structuredClone(tool.parameters), false), [...refused, note], false, note.message);
  }
  const reason = `Sent with strict: true${movedTail(converted.changes, "OpenAI")}.`;
  return variantOf(plain(converted.schema, true), [...refused, ...converted.changes], true, reason);
}
