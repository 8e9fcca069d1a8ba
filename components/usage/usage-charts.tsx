"use client";

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { formatMs, LATENCY_LABELS } from "./format";

/** One bucket as the charts draw it (dates already turned into labels on the server). */
export interface ChartPoint {
  readonly label: string;
  readonly successes: number;
  readonly errors: number;
  readonly p50Ms: number | null;
  readonly p95Ms: number | null;
}

const AXIS = { fontSize: 12, fill: "var(--muted-foreground)" } as const;
const TOOLTIP = {
  contentStyle: { background: "var(--surface-raised)", border: "1px solid var(--border)", borderRadius: 8, fontSize: 12, color: "var(--foreground)" },
  labelStyle: { color: "var(--foreground)", fontWeight: 600 },
} as const;

/**
 * The calls-and-errors and latency charts. They are pictures for sighted operators: each is
 * `aria-hidden` with its figures given to assistive technology by the text summary and the
 * table that the page renders next to it (recharts' own keyboard layer is turned off so the
 * hidden chart takes no focus).
 */
export function UsageCharts({ points }: { points: readonly ChartPoint[] }) {
  const data = [...points];
  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-2">
      <figure className="min-w-0">
        <figcaption className="mb-2 text-sm font-medium">Calls and errors</figcaption>
        <div aria-hidden className="h-56 min-w-0">
          <BarChart responsive data={data} accessibilityLayer={false} style={{ width: "100%", height: "100%" }} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={48} />
            <Tooltip {...TOOLTIP} cursor={{ fill: "var(--muted)" }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="successes" name="Answered" stackId="calls" fill="var(--chart-1)" isAnimationActive={false} />
            <Bar dataKey="errors" name="Errors" stackId="calls" fill="var(--danger)" isAnimationActive={false} />
          </BarChart>
        </div>
      </figure>
      <figure className="min-w-0">
        <figcaption className="mb-2 text-sm font-medium">Latency</figcaption>
        <div aria-hidden className="h-56 min-w-0">
          <LineChart responsive data={data} accessibilityLayer={false} style={{ width: "100%", height: "100%" }} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="label" tick={AXIS} tickLine={false} axisLine={false} minTickGap={16} />
            <YAxis tick={AXIS} tickLine={false} axisLine={false} width={64} tickFormatter={(value: number) => formatMs(value)} />
            <Tooltip {...TOOLTIP} formatter={(value) => formatMs(typeof value === "number" ? value : null)} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line dataKey="p50Ms" name={LATENCY_LABELS.p50} stroke="var(--chart-2)" strokeWidth={2} dot={{ r: 2.5 }} connectNulls isAnimationActive={false} />
            <Line dataKey="p95Ms" name={LATENCY_LABELS.p95} stroke="var(--chart-3)" strokeWidth={2} dot={{ r: 2.5 }} connectNulls isAnimationActive={false} />
          </LineChart>
        </div>
      </figure>
    </div>
  );
}
