import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
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
  // A chevron's column on every line, so the text of lines with and without details lines up.
  const line = (chevron: ReactNode) => (
    <>
      <span className="mt-0.5 size-4 shrink-0">{chevron}</span>
      <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
        <span className="flex shrink-0 flex-wrap items-center gap-2">
          <span className="min-w-24 font-medium break-all">{label}</span>
          <StatusBadge status={status}>{verdictLabel}</StatusBadge>
        </span>
        <span className="min-w-0 flex-1 text-muted-foreground">{reason}</span>
        {findings.length > 0 && <span className="shrink-0 text-xs text-muted-foreground">{findings.length === 1 ? "1 detail" : `${findings.length} details`}</span>}
      </span>
    </>
  );
  const row = "flex items-start gap-2 px-3 py-2 text-sm";
  if (findings.length === 0) return <div className={row}>{line(null)}</div>;
  return (
    <details className="group">
      <summary
        className={`${row} cursor-pointer list-none outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset [&::-webkit-details-marker]:hidden`}
      >
        {line(<ChevronRight aria-hidden className="size-4 text-muted-foreground transition-transform group-open:rotate-90" />)}
      </summary>
      <ul className="grid gap-1.5 border-t bg-muted/30 py-2 pr-3 pl-9 text-sm">
        {findings.map((finding, index) => (
          <li key={`${finding.path}-${index}`} className="flex flex-wrap items-start gap-2">
            <StatusBadge status={SEVERITY[finding.severity]}>{finding.severity}</StatusBadge>
            <span className="min-w-0 break-words">
              {inSchema(finding.path) && (
                <>
                  <code className="font-mono text-xs break-all">{finding.path}</code>:{" "}
                </>
              )}
              {/* The line already gives this finding's message as its reason: the detail adds where. */}
              {finding.message === reason ? "where strict mode stops." : finding.message}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
