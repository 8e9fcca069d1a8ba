import { describe, expect, it } from "vitest";
import { buildUsageReport, groupUsage, percentile, rangeStart, summarize, timeSeries, type CallSample } from "./figures";

const NOW = new Date("2026-12-01T14:37:20.000Z");

function sample(overrides: Partial<CallSample> = {}): CallSample {
  return { createdAt: NOW, personaSlug: "support", toolName: "lookup", outcome: "success", durationMs: 10, ...overrides };
}

describe("percentile (nearest rank)", () => {
  it.each([
    { values: [], p: 50, expected: null },
    { values: [7], p: 50, expected: 7 },
    { values: [7], p: 95, expected: 7 },
    { values: [1, 2], p: 50, expected: 1 },
    { values: [1, 2], p: 95, expected: 2 },
    { values: Array.from({ length: 100 }, (_, index) => index + 1), p: 50, expected: 50 },
    { values: Array.from({ length: 100 }, (_, index) => index + 1), p: 95, expected: 95 },
    { values: Array.from({ length: 20 }, (_, index) => (index + 1) * 10), p: 95, expected: 190 },
    { values: [5, 5, 5, 900], p: 50, expected: 5 },
    { values: [5, 5, 5, 900], p: 95, expected: 900 },
  ])("p$p of $values.length values is $expected", ({ values, p, expected }) => {
    expect(percentile(values, p)).toBe(expected);
  });
});

describe("summaries", () => {
  it("counts errors but not halts, and sorts durations before taking percentiles", () => {
    const samples = [
      sample({ durationMs: 40, outcome: "error" }),
      sample({ durationMs: 10 }),
      sample({ durationMs: 30, outcome: "halt" }),
      sample({ durationMs: 20 }),
    ];
    expect(summarize(samples)).toEqual({ calls: 4, errors: 1, errorRate: 0.25, p50Ms: 20, p95Ms: 40 });
  });

  it("reports no calls as zero calls, a zero error rate and no latency", () => {
    expect(summarize([])).toEqual({ calls: 0, errors: 0, errorRate: 0, p50Ms: null, p95Ms: null });
  });

  it("groups by tool, busiest first and ties by name", () => {
    const samples = [sample({ toolName: "b" }), sample({ toolName: "a" }), sample({ toolName: "c" }), sample({ toolName: "c", outcome: "error" })];
    expect(groupUsage(samples, (row) => row.toolName).map((group) => [group.key, group.calls, group.errors])).toEqual([
      ["c", 2, 1],
      ["a", 1, 0],
      ["b", 1, 0],
    ]);
  });
});

describe("time series", () => {
  it.each([
    { range: "hour" as const, since: "2026-12-01T13:40:00.000Z" },
    { range: "day" as const, since: "2026-11-30T15:00:00.000Z" },
    { range: "week" as const, since: "2026-11-24T18:00:00.000Z" },
  ])("the $range starts at the first of its clock-aligned buckets ($since)", ({ range, since }) => {
    expect(rangeStart(range, NOW).toISOString()).toBe(since);
  });

  it("puts each call in its bucket, keeps empty buckets and labels them in UTC", () => {
    const since = rangeStart("hour", NOW);
    const series = timeSeries("hour", since, [
      sample({ createdAt: new Date("2026-12-01T13:40:00.000Z") }),
      sample({ createdAt: new Date("2026-12-01T13:44:59.999Z"), outcome: "error" }),
      sample({ createdAt: new Date("2026-12-01T14:37:00.000Z"), durationMs: 99 }),
      sample({ createdAt: new Date("2026-12-01T13:39:59.999Z") }),
    ]);
    expect(series).toHaveLength(12);
    expect(series[0]).toMatchObject({ label: "13:40", calls: 2, errors: 1 });
    expect(series.slice(1, 11).every((bucket) => bucket.calls === 0 && bucket.p95Ms === null)).toBe(true);
    expect(series[11]).toMatchObject({ label: "14:35", calls: 1, p95Ms: 99 });
  });

  it("labels week buckets with the weekday", () => {
    const series = timeSeries("week", rangeStart("week", NOW), []);
    expect(series.map((bucket) => bucket.label).slice(0, 2)).toEqual(["Tue 18:00", "Wed 00:00"]);
    expect(series.at(-1)!.label).toBe("Tue 12:00");
  });
});

it("builds a report with totals, groups and the series from the same calls", () => {
  const since = rangeStart("day", NOW);
  const samples = [sample({ personaSlug: "sales", durationMs: 5 }), sample({ toolName: "refund", outcome: "error", durationMs: 50 })];
  const report = buildUsageReport("day", since, samples, false);
  expect(report).toMatchObject({ range: "day", rangeLabel: "Last 24 hours", total: { calls: 2, errors: 1, p50Ms: 5, p95Ms: 50 }, sampled: false });
  expect(report.byPersona.map((group) => group.key)).toEqual(["sales", "support"]);
  expect(report.series.reduce((sum, bucket) => sum + bucket.calls, 0)).toBe(2);
});
