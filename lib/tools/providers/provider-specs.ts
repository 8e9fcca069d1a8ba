/**
 * A tool list in each model provider's tool format (SPEC §8 `?format=`). Each provider's shape and
 * the reasons behind it live in `<provider>.ts` beside this file; this file only dispatches.
 */
import { anthropicToolSpec, type AnthropicToolSpec } from "./anthropic";
import { geminiDeclaration, type GeminiFunctionDeclaration } from "./gemini";
import { mcpToolSpec, type McpToolSpec } from "./mcp";
import { openaiToolSpec, type OpenAIToolSpec } from "./openai";
import type { ProviderFormat, ToolShape } from "./types";

export { definitionShape, isProviderFormat, PROVIDER_FORMATS, type ProviderFormat, type ToolShape } from "./types";
export type { AnthropicToolSpec, GeminiFunctionDeclaration, McpToolSpec, OpenAIToolSpec };

/** The specification type each format produces per tool. */
export interface ProviderSpecs {
  openai: OpenAIToolSpec;
  anthropic: AnthropicToolSpec;
  gemini: GeminiFunctionDeclaration;
  mcp: McpToolSpec;
}

const BUILDERS: { readonly [F in ProviderFormat]: (tool: ToolShape) => ProviderSpecs[F] } = {
  openai: openaiToolSpec,
  anthropic: anthropicToolSpec,
  gemini: geminiDeclaration,
  mcp: mcpToolSpec,
};

/**
 * One specification per tool, in order, in `format`'s current shape: OpenAI Chat Completions
 * function tools, Anthropic tools, Gemini function declarations (wrap them as
 * `{functionDeclarations: [...]}` in a request's `tools`), or MCP `tools/list` entries.
 * Each spec is a fresh copy, safe to mutate or serialise.
 */
export function toProviderSpecs<F extends ProviderFormat>(tools: readonly ToolShape[], format: F): ProviderSpecs[F][] {
  const build = BUILDERS[format] as (tool: ToolShape) => ProviderSpecs[F];
  if (typeof build !== "function") throw new TypeError(`Unknown tool format: ${String(format)}`);
  return tools.map(build);
}
