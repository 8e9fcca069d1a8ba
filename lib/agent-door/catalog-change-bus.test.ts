/**
 * The MCP door's change source: while someone listens, the catalog stamp is read on an interval and
 * a new stamp is announced once; with no listener nothing is read; a failed read announces nothing.
 * Time is the fake clock's, so nothing here waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CatalogChangeBus } from "./catalog-change-bus";
import { sampleValue, scrapeProcessMetrics } from "../observability/test-support/prometheus-text";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function stampSource() {
  const state = { stamp: "s1", reads: 0, fail: false };
  const read = async () => {
    state.reads += 1;
    if (state.fail) throw new Error("database away");
    return state.stamp;
  };
  return { state, read };
}

describe("CatalogChangeBus", () => {
  it("reads nothing while no one listens", async () => {
    const { state, read } = stampSource();
    new CatalogChangeBus(read, 1000);
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.reads).toBe(0);
  });

  it("announces a changed stamp once to every listener, and stops reading when the last one leaves", async () => {
    const { state, read } = stampSource();
    const bus = new CatalogChangeBus(read, 1000);
    const first: unknown[] = [];
    const second: unknown[] = [];
    const leaveFirst = bus.subscribe((event) => first.push(event));
    const leaveSecond = bus.subscribe((event) => second.push(event));
    await vi.advanceTimersByTimeAsync(2000);
    expect(first).toEqual([]);
    state.stamp = "s2";
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(3000);
    expect(first).toEqual([{ kind: "tools_list_changed" }]);
    expect(second).toEqual([{ kind: "tools_list_changed" }]);
    leaveFirst();
    leaveSecond();
    const reads = state.reads;
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.reads).toBe(reads);
  });

  it("announces nothing for a failed read, and compares the next one with the last good stamp", async () => {
    const { state, read } = stampSource();
    const bus = new CatalogChangeBus(read, 1000);
    const seen: unknown[] = [];
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    bus.subscribe((event) => seen.push(event));
    await vi.advanceTimersByTimeAsync(1000);
    state.fail = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen).toEqual([]);
    state.fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([]);
    state.stamp = "s3";
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([{ kind: "tools_list_changed" }]);
  });
});

describe("CatalogChangeBus's change-event lag", () => {
  it("records how long after the save a change was announced, and nothing for a change with no newer save", async () => {
    const via = { via: "mcp_listeners" };
    const lagCount = async () => sampleValue(await scrapeProcessMetrics(), "quiver_change_event_lag_seconds_count", via);
    const lagSum = async () => sampleValue(await scrapeProcessMetrics(), "quiver_change_event_lag_seconds_sum", via);
    const savedAt = new Map<string, Date | null>([["s1", new Date(Date.now() - 60_000)]]);
    const { state, read } = stampSource();
    const bus = new CatalogChangeBus(read, 1000, (stamp) => savedAt.get(stamp) ?? null);
    const leave = bus.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(1000);
    const [countBefore, sumBefore] = [await lagCount(), await lagSum()];

    savedAt.set("s2", new Date(Date.now() + 250));
    state.stamp = "s2";
    await vi.advanceTimersByTimeAsync(1000);
    expect((await lagCount()) - countBefore).toBe(1);
    expect((await lagSum()) - sumBefore).toBeCloseTo(0.75, 2);

    // A deletion: the stamp changes, the latest save stays where it was.
    savedAt.set("s3", savedAt.get("s2")!);
    state.stamp = "s3";
    await vi.advanceTimersByTimeAsync(1000);
    expect((await lagCount()) - countBefore).toBe(1);
    leave();
  });
});
