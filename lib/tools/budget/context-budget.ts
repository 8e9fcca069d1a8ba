/**
 * A persona's context budget (issue 28): what its tool specifications cost every request, per
 * provider, computed from the specifications as they are sent (`toProviderSpecs`' output, or the
 * door's cached lists), the tool count against the clients' known limits, and the ten most
 * expensive tools with what makes them so. Framework-free; the door serves it as
 * `GET /api/v1/personas/SLUG/budget` and the dashboard shows it.
 */
import type { ProviderFormat } from "../providers";
import { costReason, type CostReason } from "./cost-reasons";
import { createHash } from "node:crypto";
import { anthropicToolTokens, jsonTokens, openaiFunction, openaiToolTokens, requestOverhead } from "./token-count";

/** The specifications of one tool list in every format, index by index the same tools. */
export type SpecLists = { readonly [F in ProviderFormat]: readonly unknown[] };

/** Whether a figure comes from the provider's own tokenizer or is an estimate. */
export type CostMeasure = "counted" | "estimated" | "client_decides";

export interface ProviderCost {
  /** Tokens every request with these tools pays for them, overhead included. */
  readonly tokens: number;
  /** The fixed part of {@link tokens}: what any request with tools pays (0 without tools). */
  readonly overhead: number;
  readonly measure: CostMeasure;
  /** How the figure is made, in a sentence an operator reads. */
  readonly basis: string;
}

/** How each provider's figure is made (the API and the dashboard say it beside the figure). */
export const COST_BASIS: { readonly [F in ProviderFormat]: { readonly measure: CostMeasure; readonly basis: string } } = {
  openai: {
    measure: "counted",
    basis: "Counted with o200k_base (current OpenAI models) over the declarations OpenAI's models read, plus the fixed overhead, as gpt-tokenizer counts a chat request.",
  },
  anthropic: {
    measure: "estimated",
    basis: "Estimated: Claude's tokenizer is not published. The tools' JSON in o200k_base × 1.3, plus the 346-token tool-use system prompt Anthropic documents.",
  },
  gemini: {
    measure: "estimated",
    basis: "Estimated: Gemini's tokenizer is not published as a package. The function declarations' JSON in o200k_base.",
  },
  mcp: {
    measure: "client_decides",
    basis: "The client's model decides how it reads tools/list; the list's JSON in o200k_base is a guide.",
  },
};

export interface ClientLimit {
  readonly client: string;
  readonly limit: number;
  /** What happens past it. */
  readonly effect: string;
}

/** Tool-count limits of known clients (PROVIDERS.md, checked against the clients' reports). */
export const CLIENT_TOOL_LIMITS: readonly ClientLimit[] = [
  { client: "OpenAI API", limit: 128, effect: "refuses the request" },
  { client: "VS Code agent mode", limit: 128, effect: "refuses the request" },
  { client: "Cursor", limit: 80, effect: "warns and drops tools" },
  { client: "Windsurf", limit: 50, effect: "refuses to add the server" },
  { client: "Cursor, older versions", limit: 40, effect: "sends only the first 40 tools" },
];

export interface ToolCost {
  readonly name: string;
  readonly tokens: { readonly [F in ProviderFormat]: number };
  readonly reason: CostReason;
}

export interface ContextBudget {
  readonly toolCount: number;
  readonly providers: { readonly [F in ProviderFormat]: ProviderCost };
  readonly limits: readonly (ClientLimit & { readonly exceeded: boolean })[];
  /** At most ten, dearest first (OpenAI's count), ties by name. */
  readonly mostExpensive: readonly ToolCost[];
}

/** How many tools {@link ContextBudget.mostExpensive} lists. */
export const MOST_EXPENSIVE_COUNT = 10;

/**
 * Tool costs by the hash of their specifications: personas sharing a tool (every persona of a
 * matrix, a persona after one switch) count it once. Keyed by content, so safe to lose; emptied
 * when it grows past {@link COST_CACHE_LIMIT} entries.
 */
const costs = new Map<string, ToolCost>();
const COST_CACHE_LIMIT = 50_000;

/** One tool's cost in every format (its per-request wrapper left out), and why. */
export function toolCost(specs: { readonly [F in ProviderFormat]: unknown }): ToolCost {
  const key = createHash("sha256").update(JSON.stringify([specs.openai, specs.anthropic, specs.gemini, specs.mcp])).digest("base64url");
  let cost = costs.get(key);
  if (!cost) {
    if (costs.size >= COST_CACHE_LIMIT) costs.clear();
    cost = countTool(specs);
    costs.set(key, cost);
  }
  return cost;
}

function countTool(specs: { readonly [F in ProviderFormat]: unknown }): ToolCost {
  const fn = openaiFunction(specs.openai);
  const openai = openaiToolTokens(specs.openai);
  return {
    name: fn.name,
    tokens: { openai, anthropic: anthropicToolTokens(specs.anthropic), gemini: jsonTokens(specs.gemini), mcp: jsonTokens(specs.mcp) },
    reason: costReason(fn.description ?? "", fn.parameters, openai),
  };
}

const byCost = (a: ToolCost, b: ToolCost) => b.tokens.openai - a.tokens.openai || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The budget of one tool list given in every format.
 *
 * @throws RangeError when the lists do not hold the same number of tools.
 */
export function contextBudget(lists: SpecLists): ContextBudget {
  const count = lists.openai.length;
  if (lists.anthropic.length !== count || lists.gemini.length !== count || lists.mcp.length !== count) {
    throw new RangeError("Every format must list the same tools.");
  }
  const tools = lists.openai.map((openai, index) => toolCost({ openai, anthropic: lists.anthropic[index], gemini: lists.gemini[index], mcp: lists.mcp[index] }));
  const sum = (format: ProviderFormat) => tools.reduce((total, tool) => total + tool.tokens[format], 0);
  const cost = (format: ProviderFormat, tokens: number): ProviderCost => ({ tokens, overhead: requestOverhead(format, count), ...COST_BASIS[format] });
  return {
    toolCount: count,
    providers: {
      openai: cost("openai", sum("openai") + requestOverhead("openai", count)),
      anthropic: cost("anthropic", sum("anthropic") + requestOverhead("anthropic", count)),
      gemini: cost("gemini", sum("gemini")),
      mcp: cost("mcp", sum("mcp")),
    },
    limits: CLIENT_TOOL_LIMITS.map((limit) => ({ ...limit, exceeded: count > limit.limit })),
    mostExpensive: [...tools].sort(byCost).slice(0, MOST_EXPENSIVE_COUNT),
  };
}
