import { describe, expect, it } from "vitest";
import { insertCallLogs, pruneCallLogs, type CallLogEntry } from "./call-log-writes";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";

const targets = await databaseTargets();

const entry = (createdAt: Date, overrides: Partial<CallLogEntry> = {}): CallLogEntry => ({
  createdAt, apiKeyId: "key-1", apiKeyName: "Bot", personaSlug: "support", toolName: "lookup_order", channel: "api",
  outcome: "success", errorType: null, httpStatus: 200, durationMs: 12.5, arguments: null, result: null, ...overrides,
});

describe.each(targets)("call log on $name", (target) => {
  const db = useTestDatabase(target);

  it("inserts a batch in one go, and nothing for an empty one", async () => {
    const now = new Date("2030-01-02T00:00:00Z");
    expect(await insertCallLogs([])).toBe(0);
    expect(await insertCallLogs([entry(now), entry(now, { outcome: "error", errorType: "timeout_error", channel: "mcp", arguments: '{"id":"A1"}' })])).toBe(2);
    expect(await db().callLog.findMany({ orderBy: { id: "asc" } })).toMatchObject([
      { outcome: "success", errorType: null, durationMs: 12.5, createdAt: now },
      { outcome: "error", errorType: "timeout_error", channel: "mcp", arguments: '{"id":"A1"}' },
    ]);
  });

  it("writes a backlog larger than one statement takes, every row", async () => {
    const start = new Date("2030-01-03T00:00:00Z").getTime();
    const backlog = Array.from({ length: 1201 }, (_, index) => entry(new Date(start + index), { durationMs: index }));
    expect(await insertCallLogs(backlog)).toBe(1201);
    const rows = await db().callLog.findMany({ orderBy: { id: "asc" }, select: { createdAt: true, durationMs: true } });
    expect(rows).toEqual(backlog.map(({ createdAt, durationMs }) => ({ createdAt, durationMs })));
  });

  it("prunes only what is older than the cut-off", async () => {
    const cutoff = new Date("2030-01-10T00:00:00Z");
    await insertCallLogs([entry(new Date("2030-01-01T00:00:00Z")), entry(new Date(cutoff.getTime() - 1)), entry(cutoff), entry(new Date("2030-01-11T00:00:00Z"))]);
    expect(await pruneCallLogs(cutoff)).toBe(2);
    expect((await db().callLog.findMany({ orderBy: { createdAt: "asc" } })).map((row) => row.createdAt)).toEqual([cutoff, new Date("2030-01-11T00:00:00Z")]);
  });
});
