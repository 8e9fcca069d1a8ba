/**
 * Usage figures from the call log (SPEC §8): calls, error rate and p50/p95 latency overall, per
 * tool, per persona and over time, for the last hour, day or week. Computed here from the newest
 * calls of the window (at most USAGE_SAMPLE_LIMIT of them) rather than in SQL, so the percentiles
 * are the same on SQLite (which has no percentile function) and PostgreSQL.
 *
 * Percentiles use the nearest-rank method: p95 is the smallest duration that at least 95% of the
 * calls did not exceed, always a duration that was really measured.
 *
 * Framework-free: the usage page's components read the ranges and outcomes from here, and
 * usage-report.ts feeds it the calls it reads from the database.
 */
/** How a recorded call ended: a tool result, a deliberate halt, or an error. */
export const CALL_OUTCOMES = ["success", "halt", "error"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** What the usage figures need of one call. */
export interface CallSample {
  readonly createdAt: Date;
  readonly personaSlug: string;
  readonly toolName: string;
  readonly outcome: string;
  readonly durationMs: number;
}

export const USAGE_RANGES = ["hour", "day", "week"] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Each range's length, the width of its chart buckets, and how a bucket is labelled. */
const RANGE_SPECS: Record<UsageRange, { buckets: number; bucketMs: number; label: string }> = {
  hour: { buckets: 12, bucketMs: 5 * MINUTE, label: "Last hour" },
  day: { buckets: 24, bucketMs: HOUR, label: "Last 24 hours" },
  week: { buckets: 28, bucketMs: 6 * HOUR, label: "Last 7 days" },
};

/** The most calls one report reads; beyond it the report covers the newest calls only. */
export const USAGE_SAMPLE_LIMIT = 20_000;

export interface UsageSummary {
  readonly calls: number;
  /** Calls whose outcome was "error" (a halt is a deliberate answer, not an error). */
  readonly errors: number;
  /** errors / calls, 0 when there were no calls. */
  readonly errorRate: number;
  /** Null when there were no calls. */
  readonly p50Ms: number | null;
  readonly p95Ms: number | null;
}

export interface UsageGroup extends UsageSummary {
  /** The tool name or persona slug. */
  readonly key: string;
}

export interface UsageBucket extends UsageSummary {
  readonly start: Date;
  /** "14:05" (UTC) for the hour and day, "Tue 12:00" for the week. */
  readonly label: string;
}

export interface UsageReport {
  readonly range: UsageRange;
  readonly rangeLabel: string;
  /** The start of the first bucket: the report covers [since, now]. */
  readonly since: Date;
  readonly total: UsageSummary;
  /** Busiest first. */
  readonly byTool: UsageGroup[];
  readonly byPersona: UsageGroup[];
  /** Oldest first, one per bucket, empty buckets included. */
  readonly series: UsageBucket[];
  /** True when the window held more than USAGE_SAMPLE_LIMIT calls and only the newest were read. */
  readonly sampled: boolean;
}

/** The nearest-rank percentile `p` (0–100) of `sorted` (ascending); null for no values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

/** Calls, errors, error rate and latency percentiles of `samples`. */
export function summarize(samples: readonly CallSample[]): UsageSummary {
  const durations = samples.map((sample) => sample.durationMs).sort((a, b) => a - b);
  const errors = samples.filter((sample) => sample.outcome === "error").length;
  return {
    calls: samples.length,
    errors,
    errorRate: samples.length === 0 ? 0 : errors / samples.length,
    p50Ms: percentile(durations, 50),
    p95Ms: percentile(durations, 95),
  };
}

/** One summary per distinct `keyOf`, busiest first (ties by name). */
export function groupUsage(samples: readonly CallSample[], keyOf: (sample: CallSample) => string): UsageGroup[] {
  const groups = new Map<string, CallSample[]>();
  for (const sample of samples) {
    const key = keyOf(sample);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(sample);
  }
  return [...groups]
    .map(([key, group]) => ({ key, ...summarize(group) }))
    .sort((a, b) => b.calls - a.calls || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** The start of the range's first bucket, for a report made at `now` (buckets align to the clock). */
export function rangeStart(range: UsageRange, now: Date): Date {
  const { buckets, bucketMs } = RANGE_SPECS[range];
  const currentBucket = Math.floor(now.getTime() / bucketMs) * bucketMs;
  return new Date(currentBucket - (buckets - 1) * bucketMs);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

function bucketLabel(range: UsageRange, start: Date): string {
  const time = start.toISOString().slice(11, 16);
  return range === "week" ? `${WEEKDAYS[start.getUTCDay()]} ${time}` : time;
}

/** The range's buckets from `since`, each summarising the samples that fall in it. */
export function timeSeries(range: UsageRange, since: Date, samples: readonly CallSample[]): UsageBucket[] {
  const { buckets, bucketMs } = RANGE_SPECS[range];
  const byBucket: CallSample[][] = Array.from({ length: buckets }, () => []);
  for (const sample of samples) {
    const index = Math.floor((sample.createdAt.getTime() - since.getTime()) / bucketMs);
    if (index >= 0 && index < buckets) byBucket[index]!.push(sample);
  }
  return byBucket.map((inBucket, index) => {
    const start = new Date(since.getTime() + index * bucketMs);
    return { start, label: bucketLabel(range, start), ...summarize(inBucket) };
  });
}

/** Builds the report for `range` from `samples` (the calls since rangeStart). */
export function buildUsageReport(range: UsageRange, since: Date, samples: readonly CallSample[], sampled: boolean): UsageReport {
  return {
    range,
    rangeLabel: RANGE_SPECS[range].label,
    since,
    total: summarize(samples),
    byTool: groupUsage(samples, (sample) => sample.toolName),
    byPersona: groupUsage(samples, (sample) => sample.personaSlug),
    series: timeSeries(range, since, samples),
    sampled,
  };
}
