import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { metricsTokenFromEnv, metricsTokenMatches, MIN_METRICS_TOKEN_LENGTH } from "./metrics-token";

describe("the metrics token", () => {
  it("is absent (metrics off) when unset or blank", () => {
    expect(metricsTokenFromEnv({})).toBeNull();
    expect(metricsTokenFromEnv({ QUIVER_METRICS_TOKEN: "   " })).toBeNull();
  });

  it("refuses a short token or one with spaces, naming the variable", () => {
    for (const value of ["x".repeat(MIN_METRICS_TOKEN_LENGTH - 1), "has a space in it 0123456789"]) {
      expect(() => metricsTokenFromEnv({ QUIVER_METRICS_TOKEN: value })).toThrow(ValidationError);
      expect(() => metricsTokenFromEnv({ QUIVER_METRICS_TOKEN: value })).toThrow(/QUIVER_METRICS_TOKEN/);
    }
    expect(metricsTokenFromEnv({ QUIVER_METRICS_TOKEN: "a".repeat(MIN_METRICS_TOKEN_LENGTH) })).toBe("a".repeat(MIN_METRICS_TOKEN_LENGTH));
  });

  it("matches only the exact token", () => {
    const token = "0123456789abcdef0123";
    expect(metricsTokenMatches(token, token)).toBe(true);
    for (const other of ["", token.slice(0, -1), `${token}0`, token.toUpperCase()]) expect(metricsTokenMatches(other, token)).toBe(false);
  });
});
