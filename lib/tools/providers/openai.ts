/**
 * OpenAI function tools. Quiver serves the Chat Completions shape
 * `{type: "function", function: {name, description, parameters, strict}}`, the one OpenAI-
 * compatible servers (vLLM, Ollama, LiteLLM, Mistral…) accept too. The Responses API takes the same
 * fields one level up (`{type: "function", name, …}`); a caller can flatten `function` itself.
 *
 * `strict` is always sent, as `false`: Structured Outputs would make every optional parameter
 * required-and-nullable, so a model would send `null` where the tool expects the key to be absent,
 * and the Responses API turns strict on when the field is omitted. Quiver checks every call's
 * arguments against the schema itself, so what strict mode would add is not reported either.
 */
import type { ObjectSchema } from "../types";
import { schemasIn } from "./schema-walk";
import type { CompatibilityFinding, ToolShape } from "./types";

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

/** The tool as an OpenAI Chat Completions function tool. */
export function openaiToolSpec(tool: ToolShape): OpenAIToolSpec {
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters: structuredClone(tool.parameters), strict: false },
  };
}

/**
 * What OpenAI refuses as Quiver sends the tool. Strict mode's wishes are not listed: Quiver sends
 * `strict: false`, so they change nothing that is sent or how a call goes.
 */
export function openaiFindings(tool: ToolShape): CompatibilityFinding[] {
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
