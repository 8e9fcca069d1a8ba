import { PROVIDER_NAMES, VariantLine } from "@/components/providers/variant-line";
import { compatibilityLines, type ToolShape } from "@/lib/tools/client";

/**
 * The editor's compatibility panel: per provider one line — accepted as strict, accepted, or
 * refused — with the reason, as the tool would be served by default; what was rewritten or would be
 * refused folds out from its line.
 */
export function CompatibilityPanel({ shape }: { shape: ToolShape }) {
  const lines = compatibilityLines(shape);
  return (
    <section aria-label="Provider compatibility" className="grid gap-2">
      <ul className="divide-y overflow-hidden rounded-md border bg-surface">
        {lines.map((line) => (
          <li key={line.provider}>
            <VariantLine label={PROVIDER_NAMES[line.provider]} verdict={line.verdict} reason={line.reason} findings={line.findings} />
          </li>
        ))}
      </ul>
    </section>
  );
}
