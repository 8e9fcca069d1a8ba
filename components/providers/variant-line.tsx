import { ChevronRight } from "lucide-react";
import { StatusBadge } from "@/components/ui/badge";
import type { CompatibilityFinding, ShapeVerdict } from "@/lib/tools/client";

export const PROVIDER_NAMES = { openai: "OpenAI", anthropic: "Anthropic", gemini: "Gemini", mcp: "MCP" } as const;

const VERDICTS: Record<ShapeVerdict, { label: string; status: "success" | "danger" }> = {
  strict: { label: "accepted as strict", status: "success" },
  accepted: { label: "accepted", status: "success" },
  refused: { label: "refused", status: "danger" },
};
const SEVERITY = { refused: "danger", changed: "warning", note: "neutral" } as const;

/**
 * Whether a finding points into the parameters schema, where its dotted path is the place to
 * edit. Findings on the name, description or side effect say what they concern in their message,
 * so their path (`sideEffect`) would only be a field's code name.
 */
const inSchema = (path: string) => path.startsWith("parameters.");

/**
 * One line: who (a provider, or a tool), the verdict, and why; the details behind it fold out (a
 * native `<details>`: Enter or Space on the line opens it) when there are any.
 */
export function VariantLine({ label, verdict, reason, findings }: { label: string; verdict: ShapeVerdict; reason: string; findings: readonly CompatibilityFinding[] }) {
  const { label: verdictLabel, status } = VERDICTS[verdict];
  const line = (
    <>
      <span className="min-w-24 font-medium break-all">{label}</span>
      <StatusBadge status={status}>{verdictLabel}</StatusBadge>
      <span className="min-w-0 basis-full text-muted-foreground sm:basis-auto sm:flex-1">{reason}</span>
    </>
  );
  const row = "flex min-h-10 flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm";
  if (findings.length === 0) return <div className={`${row} pl-10`}>{line}</div>;
  return (
    <details className="group">
      <summary
        className={`${row} cursor-pointer list-none outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset [&::-webkit-details-marker]:hidden`}
      >
        <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" />
        {line}
        <span className="text-xs text-muted-foreground">{findings.length === 1 ? "1 detail" : `${findings.length} details`}</span>
      </summary>
      <ul className="grid gap-1.5 border-t bg-muted/30 px-3 py-2 pl-10 text-sm">
        {findings.map((finding, index) => (
          <li key={`${finding.path}-${index}`} className="flex flex-wrap items-start gap-2">
            <StatusBadge status={SEVERITY[finding.severity]}>{finding.severity}</StatusBadge>
            <span className="min-w-0 break-words">
              {inSchema(finding.path) && (
                <>
                  <code className="font-mono text-xs break-all">{finding.path}</code>:{" "}
                </>
              )}
              {finding.message}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
