import { describe, expect, it } from "vitest";
import { classifyAddress, isAllowlisted, isValidAllowlistEntry, type AddressClass } from "./address-classification";

// Classification only: nothing here resolves or connects.
const CLASSIFICATION: readonly (readonly [string, AddressClass])[] = [
  ["8.8.8.8", "public"],
  ["172.32.0.1", "public"],
  ["2606:4700:4700::1111", "public"],
  ["127.0.0.1", "loopback"],
  ["127.255.255.254", "loopback"],
  ["::1", "loopback"],
  ["[::1]", "loopback"],
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["64:ff9b::7f00:1", "loopback"],
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.168.0.1", "private"],
  ["::ffff:192.168.1.1", "private"],
  ["fec0::1", "private"],
  ["169.254.0.1", "link_local"],
  ["fe80::1", "link_local"],
  ["fe80::1%eth0", "link_local"],
  ["100.64.0.1", "cgnat"],
  ["100.127.255.255", "cgnat"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.255", "multicast"],
  ["ff02::1", "multicast"],
  ["255.255.255.255", "broadcast"],
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["::", "unspecified"],
  ["fc00::1", "unique_local"],
  ["fd00::1", "unique_local"],
  ["fd12:3456::1", "unique_local"],
  ["169.254.169.254", "metadata"],
  ["::ffff:169.254.169.254", "metadata"],
  ["fd00:ec2::254", "metadata"],
  ["100.100.100.200", "metadata"],
  ["168.63.129.16", "metadata"],
  ["::ffff:168.63.129.16", "metadata"],
  ["192.0.2.1", "reserved"],
  ["240.0.0.1", "reserved"],
  ["::7f00:1", "reserved"],
  ["2002:7f00:1::", "reserved"],
  ["2001:db8::1", "reserved"],
  ["example.com", "invalid"],
  ["", "invalid"],
];

describe("classifyAddress", () => {
  it.each(CLASSIFICATION)("%s is %s", (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });
});

const ALLOWLIST: readonly (readonly [string, string, readonly string[], boolean])[] = [
  ["127.0.0.1", "127.0.0.1", ["127.0.0.0/8"], true],
  ["::ffff:127.0.0.1", "localhost", ["127.0.0.0/8"], true],
  ["::1", "::1", ["::1"], true],
  ["10.1.2.3", "10.1.2.3", ["10.0.0.0/8", "::1"], true],
  ["10.1.2.3", "10.1.2.3", ["::ffff:10.0.0.0/104"], true],
  ["10.1.2.3", "api.internal", ["API.Internal."], true],
  ["10.1.2.3", "api.internal", ["10.1.2.3"], true],
  ["10.1.2.4", "api.internal", ["10.1.2.3"], false],
  ["10.1.2.3", "other.internal", ["api.internal"], false],
  ["192.168.0.1", "192.168.0.1", ["10.0.0.0/8"], false],
  ["::1", "::1", ["127.0.0.0/8"], false],
  ["127.0.0.1", "127.0.0.1", [], false],
];

describe("isAllowlisted", () => {
  it.each(ALLOWLIST)("%s (host %s) with %j → %s", (ip, host, allowlist, expected) => {
    expect(isAllowlisted(ip, host, allowlist)).toBe(expected);
  });
});

describe("isValidAllowlistEntry", () => {
  it.each([
    ["10.0.0.0/8", true],
    ["::1", true],
    ["fd00::/8", true],
    ["api.internal", true],
    ["localhost", true],
    ["10.0.0.0/33", false],
    ["http://api.internal", false],
    ["api internal", false],
  ] as const)("%s → %s", (entry, expected) => {
    expect(isValidAllowlistEntry(entry)).toBe(expected);
  });
});
