import "server-only";

/**
 * A persona's context budget from the door's own lists (issue 28): the same cached
 * specifications `GET …/tools?format=` serves, so the figures follow exactly what agents receive.
 * Computed once per list (the snapshot keeps the lists until the stored state changes), which
 * keeps the runtime API's `GET …/budget`, the persona page and the matrix cheap.
 */
import { readCatalogStamp } from "../catalog";
import { getDb } from "../db/client";
import { contextBudget, META_TOOLS, PROVIDER_FORMATS, toProviderSpecs, type ContextBudget } from "../tools";
import { agentSearchState, agentToolList } from "./snapshot";

/** Budgets by the OpenAI list they were computed from: a new snapshot brings new lists, and the old entries go with the old lists. */
const computed = new WeakMap<readonly unknown[], { readonly lists: readonly (readonly unknown[])[]; readonly budget: ContextBudget }>();

/**
 * A persona's budget: what its effective tools cost every request, and — when it is in search mode
 * — what the meta-tools agents are listed instead cost (`searchMode`; null otherwise).
 */
export type PersonaBudget = ContextBudget & { readonly searchMode: ContextBudget | null };

/** The meta-tools' budget: the same for every persona in search mode, so counted once. */
let metaToolsBudget: ContextBudget | null = null;
function searchModeBudget(): ContextBudget {
  metaToolsBudget ??= (() => {
    const [openai, anthropic, gemini, mcp] = PROVIDER_FORMATS.map((format) => toProviderSpecs(META_TOOLS, format) as unknown[]) as [unknown[], unknown[], unknown[], unknown[]];
    return contextBudget({ openai, anthropic, gemini, mcp });
  })();
  return metaToolsBudget;
}

/**
 * Persona `slug`'s context budget, or null when there is no such persona (`stamp`: the stored
 * state's stamp when the caller read it already). It measures every effective tool, as an agent
 * is listed them outside search mode (in search mode, with `searchMode` beside it).
 */
export async function agentToolBudget(slug: string, stamp?: string): Promise<PersonaBudget | null> {
  const state = stamp ?? (await readCatalogStamp(getDb()));
  const [lists, search] = await Promise.all([Promise.all(PROVIDER_FORMATS.map((format) => agentToolList(slug, format, state, { everyTool: true }))), agentSearchState(slug, state)]);
  if (lists.some((list) => list === null) || search === null) return null;
  const specs = lists.map((list) => list!.specs);
  const cached = computed.get(specs[0]!);
  const budget = cached && cached.lists.every((list, index) => list === specs[index]) ? cached.budget : countedBudget(specs);
  return { ...budget, searchMode: search.searchMode ? searchModeBudget() : null };
}

function countedBudget(specs: readonly unknown[][]): ContextBudget {
  const [openai, anthropic, gemini, mcp] = specs as [unknown[], unknown[], unknown[], unknown[]];
  const budget = contextBudget({ openai, anthropic, gemini, mcp });
  computed.set(specs[0]!, { lists: specs, budget });
  return budget;
}

/** Each persona's budget (null for one that does not exist), all read against one stored state: the matrix's figures. */
export async function agentToolBudgets(slugs: readonly string[]): Promise<(PersonaBudget | null)[]> {
  const stamp = await readCatalogStamp(getDb());
  return Promise.all(slugs.map((slug) => agentToolBudget(slug, stamp)));
}

const tokensByProvider = (budget: ContextBudget) => Object.fromEntries(PROVIDER_FORMATS.map((format) => [format, budget.providers[format].tokens]));

/** The budget as the runtime API answers it (snake_case, like the rest of its JSON). */
export function budgetResponseBody(persona: string, budget: PersonaBudget) {
  return {
    persona,
    tool_count: budget.toolCount,
    // In search mode: the tokens of what agents are listed instead (the meta-tools), per provider.
    search_mode: budget.searchMode === null ? null : { tool_count: budget.searchMode.toolCount, tokens: tokensByProvider(budget.searchMode) },
    providers: Object.fromEntries(
      PROVIDER_FORMATS.map((format) => {
        const { tokens, overhead, measure, basis } = budget.providers[format];
        return [format, { tokens, overhead, measure, basis }];
      }),
    ),
    client_limits: budget.limits.map(({ client, limit, effect, exceeded }) => ({ client, limit, effect, exceeded })),
    most_expensive: budget.mostExpensive.map(({ name, tokens, reason }) => ({
      name,
      tokens,
      reason: reason.summary,
      driver: reason.driver,
      description_tokens: reason.descriptionTokens,
      enum_values: reason.enumValues,
      properties: reason.properties,
      depth: reason.depth,
    })),
  };
}
