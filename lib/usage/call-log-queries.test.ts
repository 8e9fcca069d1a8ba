import { describe, expect, it } from "vitest";
import { rangeStart } from "./figures";
import { getUsageReport } from "./usage-report";
import { callLogPersonas, countCallLogs, listCallLogs, readCallSamples } from "./call-log-queries";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";

const targets = await databaseTargets();
const NOW = new Date("2026-12-01T14:37:20.000Z");

describe.each(targets)("call log queries on $name", (target) => {
  const db = useTestDatabase(target);

  /** Writes calls as the runtime API would, `minutesAgo` before NOW. */
  async function record(calls: { minutesAgo: number; tool?: string; persona?: string; outcome?: string; durationMs: number }[]) {
    await db().callLog.createMany({
      data: calls.map((call) => ({
        createdAt: new Date(NOW.getTime() - call.minutesAgo * 60_000),
        apiKeyName: "Bot",
        personaSlug: call.persona ?? "support",
        toolName: call.tool ?? "lookup",
        channel: "api",
        outcome: call.outcome ?? "success",
        errorType: call.outcome === "error" ? "upstream_status" : null,
        httpStatus: call.outcome === "error" ? 502 : 200,
        durationMs: call.durationMs,
        arguments: JSON.stringify({ secretish: "payload" }),
      })),
    });
  }

  it("computes the same percentiles from known durations, per tool and per persona", async () => {
    // 1..100 ms on lookup (p50 50, p95 95), and three slow refunds for sales, one an error.
    await record(Array.from({ length: 100 }, (_, index) => ({ minutesAgo: index % 50, durationMs: index + 1 })));
    await record([
      { minutesAgo: 1, tool: "refund", persona: "sales", durationMs: 300 },
      { minutesAgo: 2, tool: "refund", persona: "sales", durationMs: 100.5 },
      { minutesAgo: 3, tool: "refund", persona: "sales", durationMs: 200, outcome: "error" },
    ]);
    const report = await getUsageReport("hour", NOW);
    expect(report.total).toMatchObject({ calls: 103, errors: 1, p50Ms: 52 });
    expect(report.byTool).toEqual([
      { key: "lookup", calls: 100, errors: 0, errorRate: 0, p50Ms: 50, p95Ms: 95 },
      { key: "refund", calls: 3, errors: 1, errorRate: 1 / 3, p50Ms: 200, p95Ms: 300 },
    ]);
    expect(report.byPersona.map((group) => [group.key, group.calls])).toEqual([["support", 100], ["sales", 3]]);
    expect(report.series.reduce((sum, bucket) => sum + bucket.calls, 0)).toBe(103);
  });

  it("leaves out calls before the range and reads at most the limit, newest first", async () => {
    await record([{ minutesAgo: 58, durationMs: 1 }, { minutesAgo: 30, durationMs: 2 }, { minutesAgo: 10, durationMs: 3 }, { minutesAgo: 2, durationMs: 4 }]);
    const since = rangeStart("hour", NOW);
    expect((await readCallSamples(since, 10)).samples.map((row) => row.durationMs)).toEqual([4, 3, 2]);
    expect(await readCallSamples(since, 2)).toMatchObject({ truncated: true, samples: [{ durationMs: 4 }, { durationMs: 3 }] });
    expect((await readCallSamples(since, 3)).truncated).toBe(false);
    expect((await getUsageReport("day", NOW)).total.calls).toBe(4);
  });

  it("reports an empty log as no calls", async () => {
    const report = await getUsageReport("week", NOW);
    expect(report.total).toEqual({ calls: 0, errors: 0, errorRate: 0, p50Ms: null, p95Ms: null });
    expect(report.byTool).toEqual([]);
    expect(report.series).toHaveLength(28);
  });

  it("pages and filters the latest calls without their payloads", async () => {
    await record([
      { minutesAgo: 5, durationMs: 1 },
      { minutesAgo: 4, durationMs: 2, outcome: "error" },
      { minutesAgo: 3, durationMs: 3, tool: "refund", persona: "sales" },
      { minutesAgo: 2, durationMs: 4, outcome: "halt" },
    ]);
    const firstPage = await listCallLogs({}, { offset: 0, limit: 2 });
    expect(firstPage.map((call) => call.durationMs)).toEqual([4, 3]);
    expect((await listCallLogs({}, { offset: 2, limit: 2 })).map((call) => call.durationMs)).toEqual([2, 1]);
    expect(JSON.stringify(firstPage)).not.toContain("payload");
    expect(firstPage[0]).toMatchObject({ apiKeyName: "Bot", channel: "api", httpStatus: 200, outcome: "halt" });

    expect(await countCallLogs({ toolName: "lookup" })).toBe(3);
    expect(await countCallLogs({ toolName: "lookup", outcome: "error" })).toBe(1);
    expect((await listCallLogs({ personaSlug: "sales" }, { offset: 0, limit: 10 })).map((call) => call.toolName)).toEqual(["refund"]);
    expect(await countCallLogs({ personaSlug: "nobody" })).toBe(0);
    expect(await callLogPersonas()).toEqual(["sales", "support"]);
  });
});
