import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalHost, hostAdmitted, parseHostPattern } from "./hosts";

describe("parseHostPattern", () => {
  it.each([
    ["api.example.com", "api.example.com"],
    ["  API.Example.COM  ", "api.example.com"],
    ["api.example.com.", "api.example.com"],
    ["*.example.com", "*.example.com"],
    ["*.Example.com.", "*.example.com"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["*.bücher.de", "*.xn--bcher-kva.de"],
    ["localhost", "localhost"],
    ["127.0.0.1", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["[::1]", "[::1]"],
    ["[0:0:0:0:0:0:0:1]", "[::1]"],
  ])("normalises %j to %j", (raw, pattern) => {
    expect(parseHostPattern(raw)).toEqual({ pattern });
  });

  it.each([
    ["", /is empty/],
    ["*", /may not be \* alone/],
    ["https://api.example.com", /has a scheme/],
    ["api.example.com:443", /no scheme, port/],
    ["api.example.com/v1", /no scheme, port, path/],
    ["user@api.example.com", /user info/],
    ["api.example.com?x=1", /not a host name/],
    ["api example.com", /not a host name/],
    ["[::1]:8080", /not a host name/],
    ["::1", /not a host name/],
    ["*.com", /too broad/],
    ["*.*.example.com", /whole first label/],
    ["a*.example.com", /whole first label/],
    ["api.*.com", /whole first label/],
    ["*.127.0.0.1", /wildcard on an IP address/],
    ["*.[::1]", /wildcard on an IP address/],
    ["a..example.com", /empty label/],
    [`${"a".repeat(64)}.example.com`, /label longer than 63/],
    [`${"a.".repeat(127)}com`, /longer than 253/],
  ])("refuses %j", (raw, problem) => {
    const result = parseHostPattern(raw);
    expect("problem" in result && result.problem).toMatch(problem);
  });
});

describe("hostAdmitted", () => {
  const patterns = ["api.example.com", "*.vendor.io", "127.0.0.1", "[::1]", "xn--bcher-kva.de"];

  it.each([
    ["api.example.com", true],
    ["API.EXAMPLE.COM", true],
    ["api.example.com.", true],
    ["example.com", false],
    ["other.example.com", false],
    ["api.example.com.evil.net", false],
    ["a.vendor.io", true],
    ["a.b.vendor.io", true],
    ["vendor.io", false],
    ["evilvendor.io", false],
    ["vendor.io.evil.net", false],
    ["127.0.0.1", true],
    ["127.1", true],
    ["127.0.0.2", false],
    ["[::1]", true],
    ["[0::1]", true],
    ["bücher.de", true],
    ["xn--bcher-kva.de", true],
    ["", false],
    ["api.example.com:443", false],
    ["api.example.com/x", false],
  ])("%j → %s", (host, admitted) => {
    expect(hostAdmitted(patterns, host)).toBe(admitted);
  });

  // fast-check once drew suffix "a.a", prefix "a", other "a": "a.a.a.a" looked like a
  // look-alike to the property below but really is a subdomain of "a.a" (labels repeat).
  it.each([
    ["*.a.a", "a.a.a.a", true],
    ["*.a.a", "a.a", false],
    ["*.a.a", "aa.a", false],
    ["*.a.b", "a.a.b.a", false],
  ])("with %j, %j → %s (repeated labels)", (pattern, host, admitted) => {
    expect(hostAdmitted([pattern], host)).toBe(admitted);
  });

  it("admits nothing with no patterns", () => {
    expect(hostAdmitted([], "api.example.com")).toBe(false);
  });

  // Labels start with a letter (a name ending in a numeric label is an IPv4 address to a URL
  // parser) and never with xn-- (that must be valid punycode).
  const label = fc.stringMatching(/^[a-z]([a-z0-9-]{0,10}[a-z0-9])?$/).filter((text) => !text.startsWith("xn--"));
  const domain = fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join("."));

  it("admits a wildcard's subdomains at any depth, never its apex or a look-alike (property)", () => {
    fc.assert(
      fc.property(domain, fc.array(label, { minLength: 1, maxLength: 3 }), label, (suffix, prefix, other) => {
        // A look-alike that appends a label must end in another label than the suffix does,
        // or it is a genuine subdomain (suffix a.a, appended a: a.a.a.a ends with .a.a).
        fc.pre(other !== suffix.split(".").at(-1));
        const pattern = parseHostPattern(`*.${suffix}`);
        expect(pattern).toEqual({ pattern: `*.${suffix}` });
        const patterns = ["pattern" in pattern ? pattern.pattern : ""];
        expect(hostAdmitted(patterns, `${prefix.join(".")}.${suffix}`)).toBe(true);
        expect(hostAdmitted(patterns, suffix)).toBe(false);
        expect(hostAdmitted(patterns, `${other}${suffix}`)).toBe(false);
        expect(hostAdmitted(patterns, `${prefix.join(".")}.${suffix}.${other}`)).toBe(false);
      }),
    );
  });

  it("decides the same for every spelling of a host: case, trailing dot, WHATWG URL hostname (property)", () => {
    const unicodeLabel = fc.constantFrom("bücher", "münchen", "例え", "παράδειγμα", "straße", "acme");
    fc.assert(
      fc.property(unicodeLabel, domain, fc.boolean(), (first, rest, upper) => {
        const written = `${upper ? first.toUpperCase() : first}.${rest}`;
        const hostname = new URL(`https://${written}/path`).hostname;
        const parsed = parseHostPattern(written);
        if (!("pattern" in parsed)) throw new Error(parsed.problem);
        expect(parsed.pattern).toBe(hostname);
        expect(canonicalHost(`${written}.`)).toBe(hostname);
        expect(hostAdmitted([parsed.pattern], hostname)).toBe(true);
        expect(hostAdmitted([parsed.pattern], written)).toBe(true);
        expect(hostAdmitted([`*.${rest}`], hostname)).toBe(true);
      }),
    );
  });
});
