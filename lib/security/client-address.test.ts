import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { clientAddress, trustedProxiesFromEnv } from "./client-address";

const trust = (value: string) => trustedProxiesFromEnv({ QUIVER_TRUSTED_PROXIES: value });

describe("the client address (QUIVER_TRUSTED_PROXIES)", () => {
  it.each([
    // [trusted proxies, socket peer, X-Forwarded-For, client address]
    ["", "198.51.100.4", undefined, "198.51.100.4"],
    ["", "198.51.100.4", "203.0.113.7", "198.51.100.4"],
    ["", "::ffff:198.51.100.4", "203.0.113.7, 192.0.2.1", "198.51.100.4"],
    ["1", "10.0.0.2", "203.0.113.7", "203.0.113.7"],
    ["1", "10.0.0.2", "6.6.6.6, 203.0.113.7", "203.0.113.7"],
    ["2", "10.0.0.2", "6.6.6.6, 203.0.113.7, 10.0.0.9", "203.0.113.7"],
    ["2", "10.0.0.2", "203.0.113.7", "203.0.113.7"],
    ["1", "10.0.0.2", undefined, "10.0.0.2"],
    ["10.0.0.0/8", "10.0.0.2", "6.6.6.6, 203.0.113.7, 10.1.2.3", "203.0.113.7"],
    ["10.0.0.0/8", "198.51.100.4", "203.0.113.7", "198.51.100.4"],
    ["10.0.0.0/8, 127.0.0.1", "127.0.0.1", "203.0.113.7, 10.0.0.9", "203.0.113.7"],
    ["10.0.0.0/8", "10.0.0.2", "10.0.0.3", "10.0.0.3"],
    ["10.0.0.0/8", "10.0.0.2", "203.0.113.7, not-an-address, 10.0.0.3", "10.0.0.3"],
    ["::1, fd00::/8", "::1", "2001:db8::7, fd00::5", "2001:db8::7"],
    ["1", "10.0.0.2", "[2001:db8::7]", "2001:db8::7"],
  ])("trusting %j, from %s with X-Forwarded-For %j: %s", (trusted, socket, forwarded, expected) => {
    expect(clientAddress(socket, forwarded, trust(trusted))).toBe(expected);
  });

  it("says unknown without a socket address", () => {
    expect(clientAddress(undefined, "203.0.113.7", trust("1"))).toBe("unknown");
  });

  it.each(["0", "17", "ten", "10.0.0.0/33", "10.0.0.1, example.com", "-1"])("refuses %j, naming the variable", (value) => {
    expect(() => trust(value)).toThrow(ValidationError);
    expect(() => trust(value)).toThrow(/QUIVER_TRUSTED_PROXIES/);
  });
});
