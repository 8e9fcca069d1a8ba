import { describe, expect, it } from "vitest";
import { logPayload, PAYLOAD_LOG_LIMIT } from "./call-log";
import { DEFAULT_API_RATE_LIMIT, DEFAULT_RETENTION_DAYS, rateLimitFromEnv, retentionDaysFromEnv } from "./settings";

describe("QUIVER_API_RATE_LIMIT", () => {
  it("reads calls/seconds, defaulting to 120 per 60 s", () => {
    expect(rateLimitFromEnv({})).toEqual(DEFAULT_API_RATE_LIMIT);
    expect(DEFAULT_API_RATE_LIMIT).toEqual({ points: 120, durationSeconds: 60 });
    expect(rateLimitFromEnv({ QUIVER_API_RATE_LIMIT: " 10 / 1 " })).toEqual({ points: 10, durationSeconds: 1 });
  });

  it.each(["120", "0/60", "10/0", "ten/60", "-1/60", "1.5/60"])("refuses %j naming the variable", (value) => {
    expect(() => rateLimitFromEnv({ QUIVER_API_RATE_LIMIT: value })).toThrow(/QUIVER_API_RATE_LIMIT: must be "calls\/seconds"/);
  });
});

describe("QUIVER_CALL_LOG_RETENTION_DAYS", () => {
  it("reads whole days, defaulting to 30", () => {
    expect(retentionDaysFromEnv({})).toBe(DEFAULT_RETENTION_DAYS);
    expect(DEFAULT_RETENTION_DAYS).toBe(30);
    expect(retentionDaysFromEnv({ QUIVER_CALL_LOG_RETENTION_DAYS: "7" })).toBe(7);
  });

  it.each(["0", "1.5", "week"])("refuses %j naming the variable", (value) => {
    expect(() => retentionDaysFromEnv({ QUIVER_CALL_LOG_RETENTION_DAYS: value })).toThrow(/QUIVER_CALL_LOG_RETENTION_DAYS/);
  });
});

describe("logPayload", () => {
  it("keeps JSON text up to the cap and cuts the rest", () => {
    expect(logPayload({ id: "A1" })).toBe('{"id":"A1"}');
    expect(logPayload(undefined)).toBe("null");
    const long = logPayload({ text: "x".repeat(PAYLOAD_LOG_LIMIT * 2) });
    expect(long).toHaveLength(PAYLOAD_LOG_LIMIT + 1);
    expect(long.endsWith("…")).toBe(true);
  });
});
