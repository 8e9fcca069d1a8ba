import { ArrowRight } from "lucide-react";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import type { UsageReport } from "@/lib/usage/figures";
import { formatCount, formatMs, formatRate, LATENCY_LABELS } from "./format";

const TOP_TOOLS = 5;

/** The home page's usage card: the day's calls, error rate, slowest calls' time and busiest tools, and a way in. */
export function UsageGlance({ report }: { report: UsageReport }) {
  const figures = [
    ["Calls", formatCount(report.total.calls)],
    ["Error rate", formatRate(report.total.errorRate)],
    [LATENCY_LABELS.p95, formatMs(report.total.p95Ms)],
  ] as const;
  return (
    <Card
      title="Agent usage"
      description={`${report.rangeLabel}, through the runtime API and MCP.`}
      actions={
        <Link href="/usage" className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-accent-foreground hover:underline sm:min-h-0">
          Open usage <ArrowRight aria-hidden className="size-4" />
        </Link>
      }
    >
      <dl className="grid grid-cols-3 gap-3">
        {figures.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 mb-1 text-xs font-medium text-muted-foreground">Busiest tools</h3>
      {report.byTool.length === 0 ? (
        <p className="text-sm text-muted-foreground">No calls yet. Agents call tools with an API key; their calls show here.</p>
      ) : (
        <ol className="divide-y text-sm">
          {report.byTool.slice(0, TOP_TOOLS).map((tool) => (
            <li key={tool.key} className="flex items-baseline justify-between gap-3 py-1.5">
              <span className="min-w-0 font-mono text-xs break-all">{tool.key}</span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                {formatCount(tool.calls)} {tool.calls === 1 ? "call" : "calls"} · {formatRate(tool.errorRate)} errors · 95% under {formatMs(tool.p95Ms)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
