import "server-only";

/**
 * A persona's context budget from the door's own lists (issue 28): the same cached
 * specifications `GET …/tools?format=` serves, so the figures follow exactly what agents receive.
 * Computed once per list (the snapshot keeps the lists until the stored state changes), which
 * keeps the runtime API's `GET …/budget`, the persona page and the matrix cheap.
 */
import { readCatalogStamp } from "../catalog";
import { getDb } from "../db/client";
import { contextBudget, PROVIDER_FORMATS, type ContextBudget } from "../tools";
import { agentToolList } from "./snapshot";

/** Budgets by the OpenAI list they were computed from: a new snapshot brings new lists, and the old entries go with the old lists. */
const computed = new WeakMap<readonly unknown[], { readonly lists: readonly (readonly unknown[])[]; readonly budget: ContextBudget }>();

/**
 * Persona `slug`'s context budget, or null when there is no such persona (`stamp`: the stored
 * state's stamp when the caller read it already).
 */
export async function agentToolBudget(slug: string, stamp?: string): Promise<ContextBudget | null> {
  const state = stamp ?? (await readCatalogStamp(getDb()));
  const lists = await Promise.all(PROVIDER_FORMATS.map((format) => agentToolList(slug, format, state)));
  if (lists.some((list) => list === null)) return null;
  const specs = lists.map((list) => list!.specs);
  const cached = computed.get(specs[0]!);
  if (cached && cached.lists.every((list, index) => list === specs[index])) return cached.budget;
  const [openai, anthropic, gemini, mcp] = specs as [unknown[], unknown[], unknown[], unknown[]];
  const budget = contextBudget({ openai, anthropic, gemini, mcp });
  computed.set(specs[0]!, { lists: specs, budget });
  return budget;
}

/** Each persona's budget (null for one that does not exist), all read against one stored state: the matrix's figures. */
export async function agentToolBudgets(slugs: readonly string[]): Promise<(ContextBudget | null)[]> {
  const stamp = await readCatalogStamp(getDb());
  return Promise.all(slugs.map((slug) => agentToolBudget(slug, stamp)));
}

/** The budget as the runtime API answers it (snake_case, like the rest of its JSON). */
export function budgetResponseBody(persona: string, budget: ContextBudget) {
  return {
    persona,
    tool_count: budget.toolCount,
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
