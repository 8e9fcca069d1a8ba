"use client";

import { useEffect, useMemo, useState } from "react";
import { MEASURE_LABEL, PROVIDER_LABEL, tokensText } from "@/components/tools/token-cost-labels";
import { toolTokenCostAction, type DraftToolCost } from "@/lib/catalog/actions";
import { definitionShape, PROVIDER_FORMATS, type ToolDefinition } from "@/lib/tools/client";

/** Typing pauses this long before the cost is asked for, so a burst of keystrokes is one count. */
const SETTLE_MS = 400;

/**
 * The token cost of the tool being edited, per provider, from the last valid state: what it adds
 * to every request of a persona that has it (OpenAI counted with its tokenizer, the rest labelled
 * estimates), and what makes it expensive. Counted on the server (the tokenizer is too large for
 * the browser) once typing settles; the last figures stay, marked as updating, until the new ones come.
 */
export function ToolTokenCost({ definition }: { definition: ToolDefinition | null }) {
  const request = useMemo(() => {
    if (!definition) return null;
    const { name, description, parameters, sideEffect, method, outputSchema } = definitionShape(definition);
    return JSON.stringify({ name, description, parameters, sideEffect, method, outputSchema });
  }, [definition]);
  const [answer, setAnswer] = useState<{ request: string; cost: DraftToolCost | null } | null>(null);

  useEffect(() => {
    if (request === null) return;
    let current = true;
    const timer = setTimeout(async () => {
      const result = await toolTokenCostAction(JSON.parse(request));
      if (current) setAnswer({ request, cost: result.ok ? result.data : null });
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [request]);

  if (request === null) return null;
  const updating = answer?.request !== request;
  const cost = answer?.cost;
  return (
    <section aria-labelledby="token-cost-heading" aria-busy={updating} className="mb-3 grid gap-1.5 rounded-md border bg-surface p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="token-cost-heading" className="font-semibold">
          Token cost
        </h3>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {updating ? "updating…" : "per request, for every persona that has this tool"}
        </span>
      </div>
      {answer !== null && cost === null ? (
        <p className="text-muted-foreground">The token cost could not be counted just now; it is tried again on the next change.</p>
      ) : cost ? (
        <>
          <ul aria-label="Token cost by provider" className="flex flex-wrap gap-x-4 gap-y-1">
            {PROVIDER_FORMATS.map((format) => (
              <li key={format} className="tabular-nums">
                <span className="text-muted-foreground">{PROVIDER_LABEL[format]}</span>{" "}
                <strong>
                  {cost.measures[format] === "counted" ? "" : "≈ "}
                  {tokensText(cost.tokens[format])}
                </strong>{" "}
                <span className="text-xs text-muted-foreground">({MEASURE_LABEL[cost.measures[format]]})</span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">Most of it: {cost.reason.summary}.</p>
        </>
      ) : (
        <p className="text-muted-foreground">Counting…</p>
      )}
    </section>
  );
}
