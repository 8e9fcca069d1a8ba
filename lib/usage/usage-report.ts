import "server-only";
import { readCallSamples } from "./call-log-queries";
import { buildUsageReport, rangeStart, USAGE_SAMPLE_LIMIT, type UsageRange, type UsageReport } from "./figures";

/** The usage report for `range` as of `now`, read from the call log. */
export async function getUsageReport(range: UsageRange, now: Date = new Date()): Promise<UsageReport> {
  const since = rangeStart(range, now);
  const { samples, truncated } = await readCallSamples(since, USAGE_SAMPLE_LIMIT);
  return buildUsageReport(range, since, samples, truncated);
}
