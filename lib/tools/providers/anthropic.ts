/**
 * Anthropic tools: `{name, description, input_schema}`. Plain mode accepts the safe subset as
 * written, so nothing is changed. Quiver does not send `strict: true` (its subset is narrower: no
 * numeric or length bounds) and checks every call's arguments itself, so what strict tool use
 * would drop is no concern of the tool's and is not reported.
 */
import type { ObjectSchema } from "../types";
import type { CompatibilityFinding, ToolShape } from "./types";

export interface AnthropicToolSpec {
  readonly name: string;
  readonly description: string;
  readonly input_schema: ObjectSchema;
}

/** Anthropic's tool name rule. */
export const ANTHROPIC_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The tool as an Anthropic Messages API tool. */
export function anthropicToolSpec(tool: ToolShape): AnthropicToolSpec {
  return { name: tool.name, description: tool.description, input_schema: structuredClone(tool.parameters) };
}

/** What Anthropic refuses as Quiver sends the tool: only a name outside its rule. */
export function anthropicFindings(tool: ToolShape): CompatibilityFinding[] {
  if (ANTHROPIC_NAME.test(tool.name)) return [];
  return [{ provider: "anthropic", severity: "refused", path: "name", message: "Anthropic tool names are 1–64 letters, digits, _ or -." }];
}
