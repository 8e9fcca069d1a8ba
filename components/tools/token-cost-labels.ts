/** How token figures read wherever the dashboard shows them: provider names, what kind of figure each is, the numbers. */
import type { CostMeasure, ProviderFormat } from "@/lib/tools";

export const PROVIDER_LABEL: Readonly<Record<ProviderFormat, string>> = { openai: "OpenAI", anthropic: "Anthropic", gemini: "Gemini", mcp: "MCP" };

/** A figure's kind, said beside it so an estimate never passes for a count. */
export const MEASURE_LABEL: Readonly<Record<CostMeasure, string>> = { counted: "counted", estimated: "estimate", client_decides: "client decides" };

const whole = new Intl.NumberFormat("en-US");
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** `12,345 tokens`. */
export const tokensText = (tokens: number) => `${whole.format(tokens)} token${tokens === 1 ? "" : "s"}`;

/** `12.3K`: a figure for a narrow column. */
export const compactTokens = (tokens: number) => compact.format(tokens);
