import { describe, expect, it } from "vitest";
import { clientAddressOf, failureDelayMs } from "./sign-in-throttle";

describe("failureDelayMs", () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 200],
    [4, 400],
    [5, 800],
    [6, 1600],
    [7, 2000],
    [9, 2000],
  ])("after failure %i waits %i ms", (failures, expected) => {
    expect(failureDelayMs(failures)).toBe(expected);
  });
});

describe("clientAddressOf", () => {
  it.each<[Record<string, unknown> | undefined, string]>([
    [{ "x-forwarded-for": "203.0.113.7" }, "203.0.113.7"],
    [{ "x-forwarded-for": "203.0.113.7, 10.0.0.1" }, "203.0.113.7"],
    [{ "x-forwarded-for": " ::1 " }, "::1"],
    [{ "x-forwarded-for": "" }, "unknown"],
    [{}, "unknown"],
    [undefined, "unknown"],
    [{ "x-forwarded-for": "x".repeat(500) }, "x".repeat(64)],
    // The one-port server's own determination wins over anything a client wrote.
    [{ "x-quiver-client-address": "127.0.0.1", "x-forwarded-for": "203.0.113.7" }, "127.0.0.1"],
  ])("%j → %j", (headers, expected) => {
    expect(clientAddressOf(headers)).toBe(expected);
  });
});
