/**
 * A tool list in each model provider's tool format (SPEC §8 `?format=`), each tool in the variant
 * that provider gets — strict where it can be and that provider's default or the caller asks for
 * it — with the reason. Each provider's shapes and the reasons behind them live in
 * `<provider>.ts` beside this file; this file only dispatches.
 */
import { anthropicVariants, type AnthropicToolSpec } from "./anthropic";
import { geminiVariant, type GeminiFunctionDeclaration } from "./gemini";
import { mcpVariant, type McpToolSpec } from "./mcp";
import { openaiVariant, type OpenAIToolSpec } from "./openai";
import type { ProviderFormat, ShapeOptions, ToolShape, ToolVariant } from "./types";

export { definitionShape, isProviderFormat, PROVIDER_FORMATS, type ProviderFormat, type ShapeOptions, type ShapeVerdict, type ToolShape, type ToolVariant } from "./types";
export type { AnthropicToolSpec, GeminiFunctionDeclaration, McpToolSpec, OpenAIToolSpec };

/** The specification type each format produces per tool. */
export interface ProviderSpecs {
  openai: OpenAIToolSpec;
  anthropic: AnthropicToolSpec;
  gemini: GeminiFunctionDeclaration;
  mcp: McpToolSpec;
}

/** The formats with a strict variant, and whether it is their default (see openai.ts and anthropic.ts for why). */
export const STRICT_DEFAULTS: Readonly<Partial<Record<ProviderFormat, boolean>>> = { openai: true, anthropic: false };

type Builder<F extends ProviderFormat> = (tools: readonly ToolShape[], options: ShapeOptions) => ToolVariant<ProviderSpecs[F]>[];

const BUILDERS: { readonly [F in ProviderFormat]: Builder<F> } = {
  openai: (tools, { strict }) => tools.map((tool) => openaiVariant(tool, strict ?? true)),
  // A list, not tool by tool: strict tool use has a budget per request.
  anthropic: (tools, { strict }) => anthropicVariants(tools, strict ?? false),
  gemini: (tools) => tools.map(geminiVariant),
  mcp: (tools) => tools.map(mcpVariant),
};

/**
 * One variant per tool, in order, in `format`'s current shape — OpenAI Chat Completions function
 * tools, Anthropic tools, Gemini function declarations (wrap them as `{functionDeclarations: [...]}`
 * in a request's `tools`), or MCP `tools/list` entries — each with its verdict, reason and details.
 * `options.strict` picks OpenAI's or Anthropic's variant (ignored by the others).
 */
export function toProviderVariants<F extends ProviderFormat>(tools: readonly ToolShape[], format: F, options: ShapeOptions = {}): ToolVariant<ProviderSpecs[F]>[] {
  const build = BUILDERS[format] as Builder<F> | undefined;
  if (typeof build !== "function") throw new TypeError(`Unknown tool format: ${String(format)}`);
  return build(tools, options);
}

/** {@link toProviderVariants}' specifications alone. Each spec is a fresh copy, safe to mutate or serialise. */
export function toProviderSpecs<F extends ProviderFormat>(tools: readonly ToolShape[], format: F, options: ShapeOptions = {}): ProviderSpecs[F][] {
  return toProviderVariants(tools, format, options).map((variant) => variant.spec);
}
