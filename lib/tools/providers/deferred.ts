/**
 * Native deferred loading (issue 28, search mode): where a provider lets a request carry every tool
 * while loading a tool's definition into the model's context only when its own search finds it,
 * a search-mode persona's list in that provider's format uses it instead of Quiver's meta-tools.
 * What was verified, with sources, is in docs/search-mode.md.
 *
 * - Anthropic (Messages API): its tool search tool — `{type: "tool_search_tool_bm25_20251119",
 *   name: "tool_search_tool_bm25"}`, the natural-language variant — listed first and never deferred,
 *   then every tool with `defer_loading: true`. Claude calls the tools it found by their own
 *   names, which the door answers in search mode as ever.
 * - OpenAI: tool search (`{type: "tool_search"}`, `defer_loading`) is a Responses API feature;
 *   Quiver's `openai` format is the Chat Completions function shape, so it gets the meta-tools.
 * - Gemini: tool retrieval is in preview in the Interactions API only, not in the
 *   `functionDeclarations` Quiver serves: the meta-tools.
 * - MCP: the protocol has no deferred listing: the meta-tools.
 */
import { anthropicVariants, type AnthropicToolSpec } from "./anthropic";
import type { ProviderFormat, ToolShape } from "./types";

/** Anthropic's server-side tool search tool, BM25 variant (the agent searches in words, as with Quiver's own). */
export const ANTHROPIC_TOOL_SEARCH_TOOL = { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" } as const;

export type AnthropicDeferredToolSpec = AnthropicToolSpec & { readonly defer_loading: true };
export type AnthropicDeferredList = [typeof ANTHROPIC_TOOL_SEARCH_TOOL, ...AnthropicDeferredToolSpec[]];

/** The formats whose provider loads tools on demand natively. */
export const NATIVE_DEFERRED_FORMATS: readonly ProviderFormat[] = ["anthropic"];

/** Whether `format`'s provider has native deferred loading that a search-mode list uses. */
export function hasNativeDeferredLoading(format: ProviderFormat): boolean {
  return NATIVE_DEFERRED_FORMATS.includes(format);
}

/** The tools as an Anthropic request's `tools`: the tool search tool, then each tool (its plain variant) deferred. */
export function anthropicDeferredSpecs(tools: readonly ToolShape[]): AnthropicDeferredList {
  return [{ ...ANTHROPIC_TOOL_SEARCH_TOOL }, ...anthropicVariants(tools).map(({ spec }) => ({ ...spec, defer_loading: true as const }))];
}
