import type { UsageBucket } from "@/lib/usage/figures";
import { formatCount, formatMs, LATENCY_LABELS } from "./format";

/** The charts' figures as a table, for screen readers and anyone who wants the numbers. */
export function SeriesTable({ series, caption }: { series: readonly UsageBucket[]; caption: string }) {
  const cell = "px-3 py-1.5 text-right tabular-nums";
  return (
    <details className="group mt-4 rounded-md border text-sm">
      <summary className="cursor-pointer px-3 py-2 font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">Show the charts&apos; figures as a table</summary>
      <div className="max-h-80 overflow-auto border-t">
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-muted text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-1.5 font-medium">From (UTC)</th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">Calls</th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">Errors</th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">{LATENCY_LABELS.p50}</th>
              <th scope="col" className="px-3 py-1.5 text-right font-medium">{LATENCY_LABELS.p95}</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {series.map((bucket) => (
              <tr key={bucket.start.toISOString()}>
                <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">{bucket.label}</th>
                <td className={cell}>{formatCount(bucket.calls)}</td>
                <td className={cell}>{formatCount(bucket.errors)}</td>
                <td className={cell}>{formatMs(bucket.p50Ms)}</td>
                <td className={cell}>{formatMs(bucket.p95Ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
