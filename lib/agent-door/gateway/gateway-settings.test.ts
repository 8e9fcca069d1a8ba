import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors";
import { DEFAULT_GATEWAY_HOST, DEFAULT_GATEWAY_PORT, gatewayAddressFromEnv } from "./gateway-settings";

describe("the gateway's listen address (QUIVER_GATEWAY_HOST, QUIVER_GATEWAY_PORT)", () => {
  it("defaults to loopback and port 3001", () => {
    expect(gatewayAddressFromEnv({})).toEqual({ host: DEFAULT_GATEWAY_HOST, port: DEFAULT_GATEWAY_PORT });
    expect(gatewayAddressFromEnv({ QUIVER_GATEWAY_HOST: " ", QUIVER_GATEWAY_PORT: "" })).toEqual({ host: "127.0.0.1", port: 3001 });
  });

  it("takes a host and a port", () => {
    expect(gatewayAddressFromEnv({ QUIVER_GATEWAY_HOST: "0.0.0.0", QUIVER_GATEWAY_PORT: "8080" })).toEqual({ host: "0.0.0.0", port: 8080 });
  });

  it.each([["0"], ["65536"], ["80a"], ["-1"], ["3.5"]])("refuses port %s, naming the variable", (port) => {
    expect(() => gatewayAddressFromEnv({ QUIVER_GATEWAY_PORT: port })).toThrow(ValidationError);
    expect(() => gatewayAddressFromEnv({ QUIVER_GATEWAY_PORT: port })).toThrow(/QUIVER_GATEWAY_PORT.*must be a port number/);
  });

  it("refuses a host with a scheme or spaces", () => {
    expect(() => gatewayAddressFromEnv({ QUIVER_GATEWAY_HOST: "http://example.com" })).toThrow(/QUIVER_GATEWAY_HOST/);
  });
});
