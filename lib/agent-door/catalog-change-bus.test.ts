/**
 * The MCP door's change source: while someone listens, the catalog stamp is read on an interval and
 * a new stamp is announced once; with no listener nothing is read; a failed read announces nothing.
 * Time is the fake clock's, so nothing here waits.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CatalogChangeBus } from "./catalog-change-bus";

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
