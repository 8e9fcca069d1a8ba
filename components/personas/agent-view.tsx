import { PROVIDER_NAMES, VariantLine } from "@/components/providers/variant-line";
import { CodeBlock } from "@/components/ui/code-block";
import { Tabs } from "@/components/ui/tabs";
import type { PersonaToolSpecs, ToolVariantSummary } from "@/lib/personas/server/persona-specs";
import type { ProviderFormat } from "@/lib/tools/client";

/** "12 accepted as strict, 1 accepted, 1 refused": how the persona's tools fare with one provider. */
function tally(variants: readonly ToolVariantSummary[]): string {
  const count = (verdict: ToolVariantSummary["verdict"]) => variants.filter((variant) => variant.verdict === verdict).length;
  const parts = [
    [count("strict"), "accepted as strict"],
    [count("accepted"), "accepted"],
    [count("refused"), "refused"],
  ] as const;
  return parts.filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`).join(", ");
}

/**
 * What the agent sees: the persona's effective tools in each provider's format, exactly as the
 * runtime API serves them (the same function builds both), and per tool the variant that provider
 * gets (strict or not) and why, with the details folding out.
 */
export function AgentView({ persona, formats }: { persona: string; formats: readonly PersonaToolSpecs<ProviderFormat>[] }) {
  return (
    <Tabs
      label="Tool format"
      panels={formats.map(({ format, specs, variants }) => ({
        value: format,
        label: PROVIDER_NAMES[format],
        content: (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {specs.length === 0
                ? "This persona has no tools: an agent using it receives an empty list."
                : `${specs.length} tool${specs.length === 1 ? "" : "s"}, exactly as agents receive them from GET /api/v1/personas/${persona}/tools?format=${format}.`}
            </p>
            {variants.length > 0 && (
              <section aria-label={`${PROVIDER_NAMES[format]} variants`} className="grid gap-2">
                <h3 className="text-sm font-semibold">
                  Variants <span className="font-normal text-muted-foreground">· {tally(variants)}</span>
                </h3>
                <ul className="divide-y overflow-hidden rounded-md border bg-surface">
                  {variants.map((variant) => (
                    <li key={variant.tool}>
                      <VariantLine label={variant.tool} verdict={variant.verdict} reason={variant.reason} findings={variant.findings} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <CodeBlock title={`${PROVIDER_NAMES[format]} tools of ${persona}`} code={JSON.stringify(specs, null, 2)} />
          </div>
        ),
      }))}
    />
  );
}
