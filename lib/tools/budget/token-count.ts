/**
 * Token counts of tool specifications, provider by provider (issue 28, "context budget").
 *
 * - OpenAI: counted. OpenAI's models do not read the JSON a request sends: the API renders the
 *   function tools as TypeScript-like declarations (`namespace functions { // description
 *   type name = (_: { … }) => any; }`) inside the system message, and bills those tokens.
 *   `gpt-tokenizer` renders them that way (`formatFunctionDefinitions`) and adds the fixed
 *   overhead its `countChatCompletionTokens` uses, which reproduces the 101 prompt tokens OpenAI's
 *   cookbook ("How to count tokens with tiktoken") reports from the API for its weather example on
 *   gpt-4o. Counted with o200k_base, the encoding of every current OpenAI model. The rendering
 *   leaves out what it has no place for (bounds, patterns, formats, nested descriptions), so a
 *   deeply nested tool is counted as that rendering sees it.
 * - Anthropic and Gemini publish no offline tokenizer: estimated from o200k_base counts of the
 *   JSON each is sent (see {@link ANTHROPIC_TOKEN_FACTOR}).
 * - MCP: the client's model decides how `tools/list` reaches it; the list's JSON in o200k_base is
 *   a guide, labelled as such.
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import {
  formatFunctionDefinitions,
  FUNCTION_DEFINITION_TOKEN_OVERHEAD,
  SYSTEM_FUNCTION_TOKEN_DEDUCTION,
  type ChatCompletionFunctionDefinition,
} from "gpt-tokenizer/functionCalling";

/** Special-token text (`<|endoftext|>`) in a description is text to the model, not a control token. */
const AS_TEXT = { disallowedSpecial: new Set<string>() };

/** The o200k_base tokens of `text`. */
export function o200kTokens(text: string): number {
  return text === "" ? 0 : countTokens(text, AS_TEXT);
}

/**
 * Claude's tokenizer splits the same text into more tokens than GPT-4o's: 16% more for English
 * prose, 21% for maths and 30% for code in a published comparison of Claude 3.5 Sonnet and GPT-4o
 * (VentureBeat, "Hidden costs in AI deployment", 2025). Tool definitions are code-like JSON, so
 * the code figure is used.
 */
export const ANTHROPIC_TOKEN_FACTOR = 1.3;

/**
 * The system prompt Anthropic adds to every request that carries tools (current Claude models,
 * `tool_choice: auto`), from Anthropic's "Tool use pricing and tokens" documentation.
 */
export const ANTHROPIC_TOOL_SYSTEM_PROMPT_TOKENS = 346;

/** What a request's tools add with a system message present (gpt-tokenizer's own constants). */
const OPENAI_REQUEST_OVERHEAD = FUNCTION_DEFINITION_TOKEN_OVERHEAD - SYSTEM_FUNCTION_TOKEN_DEDUCTION;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The function inside an OpenAI tool spec: Chat Completions nests it under `function`, the Responses API does not. */
export function openaiFunction(spec: unknown): ChatCompletionFunctionDefinition {
  const fn = isRecord(spec) && isRecord(spec.function) ? spec.function : isRecord(spec) ? spec : {};
  return {
    name: typeof fn.name === "string" ? fn.name : "",
    ...(typeof fn.description === "string" ? { description: fn.description } : {}),
    ...(isRecord(fn.parameters) ? { parameters: fn.parameters as unknown as ChatCompletionFunctionDefinition["parameters"] } : {}),
  };
}

/** The tokens of the namespace around the declarations, which one tool's count leaves out. */
const OPENAI_WRAPPER_TOKENS = o200kTokens(formatFunctionDefinitions([]));

/** One OpenAI function tool's own tokens, as the model reads it (without the per-request wrapper). */
export function openaiToolTokens(spec: unknown): number {
  return o200kTokens(formatFunctionDefinitions([openaiFunction(spec)])) - OPENAI_WRAPPER_TOKENS;
}

/** One Anthropic tool's estimated tokens: its JSON in o200k_base × {@link ANTHROPIC_TOKEN_FACTOR}. */
export function anthropicToolTokens(spec: unknown): number {
  return Math.ceil(o200kTokens(JSON.stringify(spec)) * ANTHROPIC_TOKEN_FACTOR);
}

/** One Gemini function declaration's estimated tokens, or one MCP `tools/list` entry's: its JSON in o200k_base. */
export function jsonTokens(spec: unknown): number {
  return o200kTokens(JSON.stringify(spec));
}

/**
 * The fixed tokens a request with at least one tool pays on top of the tools themselves, per
 * provider. OpenAI's declarations are separated by blank lines, which no o200k_base token
 * crosses, so a list costs its tools' own counts plus this (the tests check it against counting
 * the whole rendered list).
 */
export function requestOverhead(provider: "openai" | "anthropic" | "gemini" | "mcp", toolCount: number): number {
  if (toolCount === 0) return 0;
  if (provider === "openai") return OPENAI_WRAPPER_TOKENS + OPENAI_REQUEST_OVERHEAD;
  return provider === "anthropic" ? ANTHROPIC_TOOL_SYSTEM_PROMPT_TOKENS : 0;
}
