/** How the usage figures read: milliseconds, rates and counts in the operator's words. */

/** The two latency figures in plain words, with the usual terms kept for those who look for them. */
export const LATENCY_LABELS = { p50: "Typical (p50)", p95: "Slowest 5% (p95)" } as const;

/** "12 ms", "1.4 s"; "—" when there were no calls to measure. */
export function formatMs(ms: number | null): string {
  if (ms === null) return "—";
  if (ms >= 1000) return `${(ms / 1000).toFixed(ms >= 10_000 ? 0 : 1)} s`;
  return `${ms >= 10 ? Math.round(ms) : Number(ms.toFixed(1))} ms`;
}

/** "0%", "2.5%", "100%". */
export function formatRate(rate: number): string {
  const percent = rate * 100;
  return `${percent === 0 || percent >= 10 ? Math.round(percent) : Number(percent.toFixed(1))}%`;
}

/** "1,234" (always with English separators, so server and browser render alike). */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

/** "2026-12-01 14:05:09 UTC", the way the audit log shows times. */
export function formatTime(date: Date): string {
  return `${date.toISOString().replace("T", " ").slice(0, 19)} UTC`;
}
