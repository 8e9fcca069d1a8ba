/**
 * OpenAI function tools. Quiver serves the Chat Completions shape
 * `{type: "function", function: {name, description, parameters, strict}}`, the one OpenAI-
 * compatible servers (vLLM, Ollama, LiteLLM, Mistral…) accept too. The Responses API takes the same
 * fields one level up (`{type: "function", name, …}`); a caller can flatten `function` itself.
 *
 * `strict` is always sent, as `false`: Structured Outputs would make every optional parameter
 * required-and-nullable, so a model would send `null` where the tool expects the key to be absent,
 * and the Responses API turns strict on when the field is omitted. What strict mode would need is
 * reported by {@link openaiFindings} instead.
 */
import { childPath } from "../definition";
import type { ObjectSchema } from "../types";
import { propertiesOf, requiredOf, schemasIn } from "./schema-walk";
import type { CompatibilityFinding, FindingSeverity, ToolShape } from "./types";

export interface OpenAIToolSpec {
  readonly type: "function";
  readonly function: {
    readonly name: string;
    readonly description: string;
    readonly parameters: ObjectSchema;
    readonly strict: false;
  };
}

/** OpenAI's function name rule. */
export const OPENAI_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** Longer function descriptions are refused with "string too long". */
export const OPENAI_MAX_DESCRIPTION = 1024;

/** Structured Outputs limits (strict mode). */
const STRICT_LIMITS = { enumValues: 1000, objectDepth: 10, properties: 5000 } as const;
/** Keywords Structured Outputs does not support on the types Quiver's schemas use. */
const STRICT_UNSUPPORTED = ["minLength", "maxLength", "minProperties", "maxProperties", "uniqueItems", "contains", "additionalItems"];
const STRICT_FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/** The tool as an OpenAI Chat Completions function tool. */
export function openaiToolSpec(tool: ToolShape): OpenAIToolSpec {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: structuredClone(tool.parameters), strict: false },
  };
}

/** What OpenAI refuses outright, and what strict mode would need or cannot express. */
export function openaiFindings(tool: ToolShape): CompatibilityFinding[] {
  const findings: CompatibilityFinding[] = [];
  const add = (severity: FindingSeverity, path: string, message: string) =>
    findings.push({ provider: "openai", severity, path, message });

  if (!OPENAI_NAME.test(tool.name)) add("refused", "name", "OpenAI function names are 1–64 letters, digits, _ or -.");
  if (tool.description.length > OPENAI_MAX_DESCRIPTION) {
    add("refused", "description", `OpenAI refuses descriptions over ${OPENAI_MAX_DESCRIPTION} characters (this one has ${tool.description.length}).`);
  }
  let enumValues = 0;
  let properties = 0;
  for (const { schema, path, objectDepth } of schemasIn(tool.parameters)) {
    if (schema.type === "array" && schema.items === undefined) add("refused", path, "OpenAI refuses an array without items.");
    if (schema.type === "object") {
      const required = new Set(requiredOf(schema));
      for (const [name] of propertiesOf(schema)) {
        properties += 1;
        if (!required.has(name)) {
          add("note", childPath(childPath(path, "properties"), name), "Strict mode needs every property required: this optional one would have to become required and nullable.");
        }
      }
      if (schema.additionalProperties !== false) add("note", path, "Strict mode needs additionalProperties: false on every object.");
      if (objectDepth === STRICT_LIMITS.objectDepth + 1) add("note", path, `Strict mode allows at most ${STRICT_LIMITS.objectDepth} levels of nested objects.`);
    }
    for (const keyword of STRICT_UNSUPPORTED) {
      if (schema[keyword] !== undefined) add("note", childPath(path, keyword), `Strict mode does not support ${keyword}; the model would not be held to it.`);
    }
    if (typeof schema.format === "string" && !STRICT_FORMATS.has(schema.format)) {
      add("note", childPath(path, "format"), `Strict mode does not support format "${schema.format}".`);
    }
    if (Array.isArray(schema.enum)) enumValues += schema.enum.length;
  }
  if (enumValues > STRICT_LIMITS.enumValues) {
    add("note", "parameters", `Strict mode allows at most ${STRICT_LIMITS.enumValues} enum values in total (this tool has ${enumValues}).`);
  }
  if (properties > STRICT_LIMITS.properties) {
    add("note", "parameters", `Strict mode allows at most ${STRICT_LIMITS.properties} properties in total (this tool has ${properties}).`);
  }
  return findings;
}
