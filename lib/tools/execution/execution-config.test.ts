import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors";
import { DEFAULT_EXECUTION_CONFIG, executionConfigFromEnv } from "./execution-config";

describe("executionConfigFromEnv", () => {
  it("uses the defaults when nothing is set (blank counts as unset)", () => {
    expect(executionConfigFromEnv({})).toEqual(DEFAULT_EXECUTION_CONFIG);
    expect(executionConfigFromEnv({ QUIVER_TOOL_TIMEOUT_SECONDS: " ", QUIVER_DESTINATION_ALLOWLIST: "" })).toEqual(
      DEFAULT_EXECUTION_CONFIG,
    );
    expect(DEFAULT_EXECUTION_CONFIG).toMatchObject({ defaultTimeoutSeconds: 15, maxResponseBytes: 1048576, maxRedirects: 3 });
  });

  it("reads every variable", () => {
    const config = executionConfigFromEnv({
      QUIVER_TOOL_TIMEOUT_SECONDS: "30",
      QUIVER_MAX_RESPONSE_BYTES: "2048",
      QUIVER_DESTINATION_ALLOWLIST: " 10.0.0.0/8 , api.internal,,::1 ",
    });
    expect(config).toEqual({
      defaultTimeoutSeconds: 30,
      maxResponseBytes: 2048,
      maxRedirects: 3,
      allowlist: ["10.0.0.0/8", "api.internal", "::1"],
    });
  });

  it.each([
    ["QUIVER_TOOL_TIMEOUT_SECONDS", "0"],
    ["QUIVER_TOOL_TIMEOUT_SECONDS", "121"],
    ["QUIVER_TOOL_TIMEOUT_SECONDS", "1.5"],
    ["QUIVER_TOOL_TIMEOUT_SECONDS", "ten"],
    ["QUIVER_MAX_RESPONSE_BYTES", "-1"],
    ["QUIVER_MAX_RESPONSE_BYTES", "1e6"],
    ["QUIVER_DESTINATION_ALLOWLIST", "10.0.0.0/33"],
    ["QUIVER_DESTINATION_ALLOWLIST", "http://api.internal"],
  ])("refuses %s=%s naming the variable", (name, value) => {
    let caught: unknown;
    try {
      executionConfigFromEnv({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).issues).toEqual([{ path: name, message: expect.stringContaining(value) }]);
  });

  it("lists every bad variable at once", () => {
    expect(() =>
      executionConfigFromEnv({ QUIVER_TOOL_TIMEOUT_SECONDS: "0", QUIVER_MAX_RESPONSE_BYTES: "x", QUIVER_DESTINATION_ALLOWLIST: "a b" }),
    ).toThrow(/QUIVER_TOOL_TIMEOUT_SECONDS.*QUIVER_MAX_RESPONSE_BYTES.*QUIVER_DESTINATION_ALLOWLIST/);
  });
});
