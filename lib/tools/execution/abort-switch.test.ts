import { describe, expect, it } from "vitest";
import { AbortSwitch } from "./abort-switch";

describe("AbortSwitch", () => {
  it("calls each listener once when thrown, and is aborted from then on", () => {
    const signal = new AbortSwitch();
    const heard: string[] = [];
    signal.addEventListener("abort", () => heard.push("first"));
    signal.addEventListener("abort", () => heard.push("second"));
    expect(signal.aborted).toBe(false);
    signal.abort();
    signal.abort();
    expect(signal.aborted).toBe(true);
    expect(heard).toEqual(["first", "second"]);
  });

  it("never calls a listener removed before the throw, nor one added after it (as an AbortSignal)", () => {
    const signal = new AbortSwitch();
    const heard: string[] = [];
    const removed = () => heard.push("removed");
    signal.addEventListener("abort", removed);
    signal.addEventListener("abort", () => heard.push("kept"));
    signal.removeEventListener("abort", removed);
    signal.removeEventListener("abort", () => heard.push("never added"));
    signal.abort();
    signal.addEventListener("abort", () => heard.push("late"));
    expect(heard).toEqual(["kept"]);
  });
});
