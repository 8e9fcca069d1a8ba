import { describe, expect, it } from "vitest";
import { formatCount, formatMs, formatRate, formatTime } from "./format";

describe("usage formatting", () => {
  it.each([
    [null, "—"],
    [0.42, "0.4 ms"],
    [9.96, "10 ms"],
    [12.4, "12 ms"],
    [999.4, "999 ms"],
    [1400, "1.4 s"],
    [12_345, "12 s"],
  ])("%s ms reads %s", (ms, text) => {
    expect(formatMs(ms)).toBe(text);
  });

  it.each([
    [0, "0%"],
    [0.025, "2.5%"],
    [1 / 3, "33%"],
    [1, "100%"],
  ])("rate %s reads %s", (rate, text) => {
    expect(formatRate(rate)).toBe(text);
  });

  it("writes counts and times the same on server and browser", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatTime(new Date("2026-12-01T14:05:09.123Z"))).toBe("2026-12-01 14:05:09 UTC");
  });
});
