import { describe, expect, it } from "vitest";
import { logPayload, PAYLOAD_LOG_LIMIT } from "./call-log";
import {
  allowedHostnamesFromEnv,
  DEFAULT_API_RATE_LIMIT,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_SEARCH_MODE_THRESHOLD,
  rateLimitFromEnv,
  retentionDaysFromEnv,
  searchModeThresholdFromEnv,
} from "./settings";

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

describe("QUIVER_SEARCH_MODE_THRESHOLD", () => {
  it("reads a number of tools, defaulting to 40", () => {
    expect(searchModeThresholdFromEnv({})).toBe(DEFAULT_SEARCH_MODE_THRESHOLD);
    expect(DEFAULT_SEARCH_MODE_THRESHOLD).toBe(40);
    expect(searchModeThresholdFromEnv({ QUIVER_SEARCH_MODE_THRESHOLD: " " })).toBe(40);
    expect(searchModeThresholdFromEnv({ QUIVER_SEARCH_MODE_THRESHOLD: "80" })).toBe(80);
  });

  it.each(["0", "-5", "12.5", "many"])("refuses %j naming the variable", (value) => {
    expect(() => searchModeThresholdFromEnv({ QUIVER_SEARCH_MODE_THRESHOLD: value })).toThrow(/QUIVER_SEARCH_MODE_THRESHOLD: must be a whole number of tools/);
  });
});

describe("QUIVER_ALLOWED_HOSTS and NEXTAUTH_URL: the host names the MCP door answers as", () => {
  it.each([
    ["a public address: its host name alone", { NEXTAUTH_URL: "https://quiver.example.com" }, ["quiver.example.com"]],
    ["a developer's machine: every loopback name", { NEXTAUTH_URL: "http://localhost:3000" }, ["localhost", "127.0.0.1", "[::1]"]],
    ["the loopback names from 127.0.0.1 too", { NEXTAUTH_URL: "http://127.0.0.1:3100" }, ["127.0.0.1", "localhost", "[::1]"]],
    ["unset: the setup default, localhost", {}, ["localhost", "127.0.0.1", "[::1]"]],
    [
      "extra names behind a proxy, trimmed, lower-cased, once each",
      { NEXTAUTH_URL: "https://quiver.example.com", QUIVER_ALLOWED_HOSTS: " Quiver.internal, quiver-0.svc.cluster.local ,quiver.example.com,," },
      ["quiver.example.com", "quiver.internal", "quiver-0.svc.cluster.local"],
    ],
    ["a bracketed IPv6 address", { NEXTAUTH_URL: "https://quiver.example.com", QUIVER_ALLOWED_HOSTS: "[fd00::1]" }, ["quiver.example.com", "[fd00::1]"]],
  ])("%s", (_case, env, expected) => {
    expect(allowedHostnamesFromEnv(env)).toEqual(expected);
  });

  it.each(["https://quiver.internal", "quiver.internal:8443", "quiver internal", "*.example.com", "quiver.internal/mcp"])("refuses %j naming the variable and the entry", (entry) => {
    expect(() => allowedHostnamesFromEnv({ QUIVER_ALLOWED_HOSTS: `ok.example, ${entry}` })).toThrow(/QUIVER_ALLOWED_HOSTS.*without scheme or port/);
    try {
      allowedHostnamesFromEnv({ QUIVER_ALLOWED_HOSTS: entry });
    } catch (error) {
      expect((error as Error & { issues: { message: string }[] }).issues[0]?.message).toContain(`"${entry.toLowerCase()}"`);
    }
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
