import { describe, expect, it } from "vitest";
import { AbortSwitch, type CancelSignal } from "./abort-switch";

describe("AbortSwitch", () => {
  it("calls each listener once, in order, when thrown, and is aborted from then on", () => {
    const signal = new AbortSwitch();
    const heard: string[] = [];
    const first = () => heard.push("first");
    signal.addEventListener("abort", first);
    signal.addEventListener("abort", () => heard.push("second"));
    signal.addEventListener("abort", first);
    expect(signal.aborted).toBe(false);
    signal.abort();
    signal.abort();
    expect(signal.aborted).toBe(true);
    expect(heard).toEqual(["first", "second"]);
  });

  it("never calls a listener removed before the throw, nor one added after it", () => {
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

  it("keeps the order of the listeners left after one is removed, and starts afresh after the last one goes", () => {
    const signal = new AbortSwitch();
    const heard: string[] = [];
    const middle = () => heard.push("middle");
    const only = () => heard.push("only");
    signal.addEventListener("abort", only);
    signal.removeEventListener("abort", only);
    signal.addEventListener("abort", () => heard.push("first"));
    signal.addEventListener("abort", middle);
    signal.addEventListener("abort", () => heard.push("last"));
    signal.removeEventListener("abort", middle);
    signal.removeEventListener("abort", middle);
    signal.abort();
    expect(heard).toEqual(["first", "last"]);
  });

  it("skips a listener that an earlier one removes during the throw, as an AbortSignal does", () => {
    const rules = (signal: CancelSignal, abort: () => void) => {
      const heard: string[] = [];
      const second = () => heard.push("second");
      signal.addEventListener("abort", () => {
        heard.push("first");
        signal.removeEventListener("abort", second);
      });
      signal.addEventListener("abort", second);
      abort();
      return heard;
    };
    const controller = new AbortController();
    const signal = new AbortSwitch();
    expect(rules(controller.signal, () => controller.abort())).toEqual(["first"]);
    expect(rules(signal, () => signal.abort())).toEqual(["first"]);
  });

  it("still calls the later listeners when one removes itself or an earlier one during the throw, as an AbortSignal does", () => {
    const rules = (signal: CancelSignal, abort: () => void) => {
      const heard: string[] = [];
      const first = () => heard.push("first");
      const second = () => {
        heard.push("second");
        signal.removeEventListener("abort", second);
        signal.removeEventListener("abort", first);
      };
      signal.addEventListener("abort", first);
      signal.addEventListener("abort", second);
      signal.addEventListener("abort", () => heard.push("third"));
      abort();
      return heard;
    };
    const controller = new AbortController();
    const signal = new AbortSwitch();
    expect(rules(controller.signal, () => controller.abort())).toEqual(["first", "second", "third"]);
    expect(rules(signal, () => signal.abort())).toEqual(["first", "second", "third"]);
  });
});
