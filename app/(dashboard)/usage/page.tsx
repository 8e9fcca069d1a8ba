import { Activity } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { pageWindow } from "@/components/ui/paging";
import { formatCount, formatMs, formatRate } from "@/components/usage/format";
import { LatestCalls } from "@/components/usage/latest-calls";
import { RangeSwitch } from "@/components/usage/range-switch";
import { SeriesTable } from "@/components/usage/series-table";
import { UsageCharts } from "@/components/usage/usage-charts";
import { UsageStats } from "@/components/usage/usage-stats";
import { UsageTable } from "@/components/usage/usage-table";
import { firstParam, oneOf, type SearchParamValue } from "@/lib/actions/search-params";
import { requirePageOperator } from "@/lib/operators/session";
import { CALL_OUTCOMES, callLogPersonas, countCallLogs, getUsageReport, listCallLogs, USAGE_RANGES, type CallOutcome, type UsageRange, type UsageReport } from "@/lib/usage";

export const metadata: Metadata = { title: "Usage" };

const PAGE_SIZE = 25;

type SearchParams = Promise<Record<string, SearchParamValue>>;

/** One sentence with the figures the charts show, for those who cannot see them. */
function chartSummary(report: UsageReport): string {
  const busiest = report.series.reduce((best, bucket) => (bucket.calls > best.calls ? bucket : best), report.series[0]!);
  return `${report.rangeLabel}: ${formatCount(report.total.calls)} calls, ${formatRate(report.total.errorRate)} errors, typically ${formatMs(report.total.p50Ms)} a call and ${formatMs(report.total.p95Ms)} for the slowest 5%; busiest period from ${busiest.label} UTC with ${formatCount(busiest.calls)} calls.`;
}

export default async function UsagePage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator();
  const params = await searchParams;
  const range: UsageRange = oneOf<UsageRange>(firstParam(params.range), USAGE_RANGES) ?? "day";
  const filters = {
    personaSlug: firstParam(params.persona) || undefined,
    toolName: firstParam(params.tool) || undefined,
    outcome: oneOf<CallOutcome>(firstParam(params.outcome), CALL_OUTCOMES),
  };
  const values = { range: range === "day" ? undefined : range, persona: filters.personaSlug, tool: filters.toolName, outcome: filters.outcome };
  const [report, total, personaSlugs] = await Promise.all([getUsageReport(range), countCallLogs(filters), callLogPersonas()]);
  const window = pageWindow(total, firstParam(params.page), PAGE_SIZE);
  const calls = await listCallLogs(filters, { offset: window.offset, limit: PAGE_SIZE });
  const neverCalled = personaSlugs.length === 0;

  return (
    <>
      <PageHeader
        title="Usage"
        description="How agents use the runtime API and the MCP servers: calls, errors and latency per tool and per persona. Times are UTC."
        actions={neverCalled ? undefined : <RangeSwitch current={range} values={values} />}
      />
      {neverCalled ? (
        <EmptyState icon={Activity} title="No calls yet">
          Calls that agents make with an API key — through <code className="font-mono">/api/v1/personas/&#123;slug&#125;/tools</code> or a persona&apos;s MCP server — appear here within a second or two. Admins create keys under{" "}
          <Link href="/settings/api-keys" className="font-medium text-accent-foreground underline-offset-2 hover:underline">
            Settings → API keys
          </Link>
          .
        </EmptyState>
      ) : (
        <div className="grid gap-6">
          <UsageStats total={report.total} period={report.rangeLabel} />
          {report.sampled && (
            <p className="text-sm text-muted-foreground">This range holds more calls than one report reads: figures cover the newest 20,000.</p>
          )}
          <Card title="Over time" description={`${report.rangeLabel}, in UTC.`}>
            <p className="sr-only">{chartSummary(report)}</p>
            <UsageCharts points={report.series.map((bucket) => ({ label: bucket.label, successes: bucket.calls - bucket.errors, errors: bucket.errors, p50Ms: bucket.p50Ms, p95Ms: bucket.p95Ms }))} />
            <SeriesTable series={report.series} caption={`Calls, errors and latency by period, ${report.rangeLabel.toLowerCase()}`} />
          </Card>
          <div className="grid min-w-0 gap-6 xl:grid-cols-2">
            <section aria-labelledby="by-tool" className="min-w-0">
              <h2 id="by-tool" className="mb-2 text-base font-semibold">By tool</h2>
              <UsageTable caption={`Usage by tool, ${report.rangeLabel.toLowerCase()}`} keyLabel="Tool" groups={report.byTool} />
            </section>
            <section aria-labelledby="by-persona" className="min-w-0">
              <h2 id="by-persona" className="mb-2 text-base font-semibold">By persona</h2>
              <UsageTable caption={`Usage by persona, ${report.rangeLabel.toLowerCase()}`} keyLabel="Persona" groups={report.byPersona} />
            </section>
          </div>
          <section aria-labelledby="latest-calls" className="min-w-0">
            <h2 id="latest-calls" className="mb-2 text-base font-semibold">Latest calls</h2>
            <LatestCalls calls={calls} window={window} values={values} personaSlugs={personaSlugs} />
          </section>
        </div>
      )}
    </>
  );
}
