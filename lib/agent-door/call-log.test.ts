import { afterEach, describe, expect, it, vi } from "vitest";
import type { CallLogEntry } from "./call-log-writes";
import { FLUSH_BATCH_SIZE, FLUSH_INTERVAL_MS, flushCallLog, recordAgentCall, RETRY_INTERVAL_MS } from "./call-log";
import { sampleValue, scrapeProcessMetrics } from "../observability/test-support/prometheus-text";

const writes = vi.hoisted(() => ({ inserted: [] as number[], firstNames: [] as string[], pruned: [] as Date[], failures: 0 }));
vi.mock("./call-log-writes", () => ({
  insertCallLogs: async (entries: readonly { toolName: string }[]) => {
    if (writes.failures > 0) {
      writes.failures--;
      throw new Error("Can't reach database server");
    }
    writes.inserted.push(entries.length);
    writes.firstNames.push(entries.map((entry) => entry.toolName).slice(0, 3).join(","));
    return entries.length;
  },
  pruneCallLogs: async (before: Date) => {
    writes.pruned.push(before);
    return 0;
  },
}));

const entry = (toolName: string): CallLogEntry => ({
  createdAt: new Date(), apiKeyId: "key-1", apiKeyName: "Bot", personaSlug: "support", toolName, channel: "api",
  outcome: "success", errorType: null, httpStatus: 200, durationMs: 1, arguments: null, result: null,
});

afterEach(async () => {
  await flushCallLog();
  writes.inserted.length = 0;
  writes.firstNames.length = 0;
  vi.useRealTimers();
});

describe("the call log buffer", () => {
  it("writes the calls of an interval as one batch, not one insert per call", async () => {
    vi.useFakeTimers();
    for (const name of ["a", "b", "c"]) recordAgentCall(entry(name));
    expect(writes.inserted).toEqual([]);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(writes.inserted).toEqual([3]);
    // The first write of the process also prunes what is older than the retention (30 days by default).
    expect(writes.pruned).toHaveLength(1);
    expect(Math.round((Date.now() - writes.pruned[0]!.getTime()) / 86_400_000)).toBe(30);
  });

  it("writes at once when a batch is full, pruning at most once an hour", async () => {
    vi.useFakeTimers();
    for (let call = 0; call < FLUSH_BATCH_SIZE; call++) recordAgentCall(entry(`t${call}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.inserted).toEqual([FLUSH_BATCH_SIZE]);
    expect(writes.pruned).toHaveLength(1);
  });

  it("keeps a batch the database refused and writes it again, before newer entries and without hurrying", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    writes.failures = 2;
    // The metrics tell the same story: what waits (quiver_call_log_buffered_entries) and each failed write.
    const failuresBefore = sampleValue(await scrapeProcessMetrics(), "quiver_call_log_flush_failures_total");
    const metricsNow = async () => {
      const samples = await scrapeProcessMetrics();
      return { buffered: sampleValue(samples, "quiver_call_log_buffered_entries"), failures: sampleValue(samples, "quiver_call_log_flush_failures_total") - failuresBefore };
    };
    for (const name of ["a", "b"]) recordAgentCall(entry(name));
    expect(await metricsNow()).toEqual({ buffered: 2, failures: 0 });
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS);
    expect(writes.inserted).toEqual([]);
    // While the retry waits, even a full batch of new entries does not set off another write.
    for (let call = 0; call < FLUSH_BATCH_SIZE; call++) recordAgentCall(entry(`t${call}`));
    await vi.advanceTimersByTimeAsync(0);
    expect(writes.failures).toBe(1);
    expect(await metricsNow()).toEqual({ buffered: FLUSH_BATCH_SIZE + 2, failures: 1 });
    await vi.advanceTimersByTimeAsync(RETRY_INTERVAL_MS);
    expect(writes.inserted).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_INTERVAL_MS);
    expect(writes.inserted).toEqual([FLUSH_BATCH_SIZE + 2]);
    expect(await metricsNow()).toEqual({ buffered: 0, failures: 2 });
    expect(writes.firstNames).toEqual(["a,b,t0"]);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/^Could not write 2 call log entries; trying again in 1000 ms \(Can't reach database server\)\.$/));
    vi.mocked(console.error).mockRestore();
  });
});
