import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as DeadlineModule from "./deadline";

// The clock the ticker reads (performance.now) and the interval it runs on are both faked, so
// "not yet" and "now" are exact instants rather than guesses about a real clock.
const FAKED = ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "performance", "Date"] as const;

let armDeadline: typeof DeadlineModule.armDeadline;
let RESOLUTION: number;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: [...FAKED] });
  // A fresh module per test: the shared ticker must be created under this test's fake clock.
  vi.resetModules();
  ({ armDeadline, DEADLINE_RESOLUTION_MS: RESOLUTION } = await import("./deadline"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("armDeadline", () => {
  it.each([
    ["armed as the ticker starts", 0, 1000],
    ["armed between two ticks", 30, 100],
    ["shorter than one tick", 10, 5],
  ])("waits until due and fires once within the resolution: %s", (_case, offset, ms) => {
    // Another deadline starts the ticker first, so `offset` places this one between its ticks.
    const starter = armDeadline(60_000, () => undefined);
    vi.advanceTimersByTime(offset);
    const onExpire = vi.fn();
    armDeadline(ms, onExpire);

    vi.advanceTimersByTime(ms - 1);
    expect(onExpire).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1 + RESOLUTION);
    expect(onExpire).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(10 * RESOLUTION);
    expect(onExpire).toHaveBeenCalledTimes(1);
    starter();
  });

  it("never calls back once disarmed, while a deadline armed beside it still fires", () => {
    const disarmed = vi.fn();
    const kept = vi.fn();
    const disarm = armDeadline(100, disarmed);
    armDeadline(100, kept);
    disarm();
    vi.advanceTimersByTime(100 + RESOLUTION);
    expect(kept).toHaveBeenCalledTimes(1);
    expect(disarmed).not.toHaveBeenCalled();
  });

  it("fires deadlines in the order they fall due, whatever the order of arming", () => {
    const order: string[] = [];
    armDeadline(300, () => order.push("late"));
    armDeadline(100, () => order.push("early"));
    armDeadline(200, () => order.push("middle"));
    vi.advanceTimersByTime(150);
    expect(order).toEqual(["early"]);
    vi.advanceTimersByTime(300);
    expect(order).toEqual(["early", "middle", "late"]);
  });

  it("fires deadlines due in the same tick in the order they fell due", () => {
    const order: string[] = [];
    armDeadline(40, () => order.push("second"));
    armDeadline(10, () => order.push("first"));
    armDeadline(45, () => order.push("third"));
    vi.advanceTimersByTime(RESOLUTION);
    expect(order).toEqual(["first", "second", "third"]);
  });

  it("does not fire a deadline that an earlier callback of the same tick disarmed", () => {
    const later = vi.fn();
    let disarmLater = () => undefined as void;
    armDeadline(10, () => disarmLater());
    disarmLater = armDeadline(20, later);
    vi.advanceTimersByTime(RESOLUTION + 100);
    expect(later).not.toHaveBeenCalled();
  });

  it("fires exactly the deadlines left armed, whichever were disarmed and in whatever order", () => {
    // The armed list fills a removed entry's place with its last one: every removal pattern keeps the rest in it.
    const fired = new Set<number>();
    const disarms = Array.from({ length: 12 }, (_, index) => armDeadline(100 + index, () => fired.add(index)));
    const disarmed = [11, 0, 5, 6, 3];
    for (const index of disarmed) disarms[index]!();
    disarms[0]!(); // twice: harmless
    vi.advanceTimersByTime(200 + RESOLUTION);
    expect([...fired].sort((a, b) => a - b)).toEqual([1, 2, 4, 7, 8, 9, 10]);
    disarms[1]!(); // after it fired: harmless
    const onExpire = vi.fn();
    armDeadline(10, onExpire);
    vi.advanceTimersByTime(10 + RESOLUTION);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("stops the shared ticker once nothing is armed, and starts it again when needed", () => {
    armDeadline(100, () => undefined);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(100 + 2 * RESOLUTION);
    expect(vi.getTimerCount()).toBe(0);

    const onExpire = vi.fn();
    armDeadline(100, onExpire);
    vi.advanceTimersByTime(100 + RESOLUTION);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
