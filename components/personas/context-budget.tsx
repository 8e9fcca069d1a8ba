import { Badge, StatusBadge } from "@/components/ui/badge";
import { Cell, Row, Table } from "@/components/ui/table";
import { MEASURE_LABEL, PROVIDER_LABEL, tokensText } from "@/components/tools/token-cost-labels";
import type { PersonaBudget } from "@/lib/agent-door";
import { PROVIDER_FORMATS } from "@/lib/tools/client";

/**
 * A persona's context budget (issue 28): what its tool specifications cost every request per
 * provider — counted for OpenAI, labelled estimates elsewhere — the tool count against the known
 * client limits, and the ten dearest tools with what makes each expensive. The same figures as
 * `GET /api/v1/personas/SLUG/budget`.
 */
export function ContextBudgetView({ persona, budget }: { persona: string; budget: PersonaBudget }) {
  if (budget.toolCount === 0) {
    return <p className="text-sm text-muted-foreground">This persona has no tools: its agents&apos; requests carry no tool specifications and cost nothing here.</p>;
  }
  const openai = budget.providers.openai.tokens;
  return (
    <div className="grid max-w-4xl gap-6">
      <p className="text-sm">
        {budget.searchMode === null ? "Every request an agent sends" : "Listed in full, every request"} with this persona&apos;s {budget.toolCount} tool{budget.toolCount === 1 ? "" : "s"}{" "}
        {budget.searchMode === null ? "spends" : "would spend"} <strong className="tabular-nums">{tokensText(openai)}</strong> on OpenAI before the model reads a word. The same figures:{" "}
        <code className="font-mono text-xs break-all">GET /api/v1/personas/{persona}/budget</code>.
      </p>
      {budget.searchMode !== null && (
        <p role="note" className="rounded-md border border-info/40 bg-info-subtle p-3 text-sm text-info-foreground">
          Search mode is on: agents are listed {budget.searchMode.toolCount} meta-tools instead, about{" "}
          <strong className="tabular-nums">{tokensText(budget.searchMode.providers.openai.tokens)}</strong> on OpenAI a request (Anthropic gets its own tool search, and loads a tool only once found).
        </p>
      )}

      <section aria-labelledby="budget-providers" className="grid gap-2">
        <h3 id="budget-providers" className="text-sm font-semibold">Per request, by provider</h3>
        <ul className="grid gap-2 sm:grid-cols-2">
          {PROVIDER_FORMATS.map((format) => {
            const cost = budget.providers[format];
            return (
              <li key={format} aria-label={`${PROVIDER_LABEL[format]}: ${tokensText(cost.tokens)}, ${MEASURE_LABEL[cost.measure]}`} className="grid gap-1 rounded-lg border bg-surface p-3">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm font-medium">{PROVIDER_LABEL[format]}</span>
                  <Badge tone={cost.measure === "counted" ? "success" : "neutral"}>{MEASURE_LABEL[cost.measure]}</Badge>
                </span>
                <span className="text-xl font-semibold tabular-nums">{cost.measure === "counted" ? "" : "≈ "}{tokensText(cost.tokens)}</span>
                <span className="text-xs text-muted-foreground">
                  {cost.overhead > 0 && <>{tokensText(cost.overhead)} of it is the fixed part any request with tools pays. </>}
                  {cost.basis}
                </span>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="budget-limits" className="grid gap-2">
        <h3 id="budget-limits" className="text-sm font-semibold">Tool count against client limits</h3>
        <ul className="grid gap-1.5 text-sm">
          {budget.limits.map((limit) => (
            <li key={limit.client} className="flex flex-wrap items-center gap-2">
              <StatusBadge status={limit.exceeded ? "danger" : "success"}>{limit.exceeded ? "over" : "within"}</StatusBadge>
              <span className="min-w-0">
                {limit.client}: {budget.toolCount} of {limit.limit} tools
                {limit.exceeded && <span className="text-muted-foreground"> — {budget.toolCount - limit.limit} too many; it {limit.effect}.</span>}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="budget-dearest" className="grid gap-2">
        <h3 id="budget-dearest" className="text-sm font-semibold">
          The {budget.mostExpensive.length === 1 ? "tool" : `${budget.mostExpensive.length} most expensive tools`}
        </h3>
        <Table
          caption="The most expensive tools, dearest first: OpenAI tokens, share of the persona's total and what makes each expensive"
          columns={[{ label: "Tool" }, { label: "OpenAI tokens", className: "text-right" }, { label: "Share", className: "text-right" }, { label: "What makes it expensive" }]}
        >
          {budget.mostExpensive.map((tool) => (
            <Row key={tool.name}>
              <Cell>
                <code className="font-mono text-xs break-all">{tool.name}</code>
              </Cell>
              <Cell label="OpenAI tokens" className="tabular-nums md:text-right">{tool.tokens.openai.toLocaleString("en-US")}</Cell>
              <Cell label="Share" className="tabular-nums md:text-right">{openai === 0 ? "–" : `${Math.round((tool.tokens.openai / openai) * 100)}%`}</Cell>
              <Cell label="What makes it expensive">{tool.reason.summary}</Cell>
            </Row>
          ))}
        </Table>
      </section>
    </div>
  );
}
