import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_DESTINATION, safeDestination } from "./safe-destination";

const SITE = "http://quiver.invalid";

describe("safeDestination", () => {
  it.each([
    ["/audit?action=user.create", "/audit?action=user.create"],
    ["/personas", "/personas"],
    ["", "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/\t/evil.example", "/"],
    ["/\n\\evil.example", "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/tools/lookup_order#history", "/tools/lookup_order#history"],
    // Dot segments collapse to a protocol-relative URL once resolved (issue 15).
    ["/..//evil.example", "/"],
    ["/.//evil.example/x", "/"],
    ["/%2e%2e//evil.example", "/"],
    ["/./\\evil.example", "/"],
    ["/tools/../personas", "/personas"],
  ])("%j → %j", (requested, expected) => {
    expect(safeDestination(requested)).toBe(expected);
  });

  it("always yields the default or a path that a browser keeps on this site", () => {
    // Slashes, dots and their encodings are what browsers rewrite, so they make up most inputs.
    const pieces = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom("/", "\\", ".", "..", "%2e", "%2E", "%2f") },
      { weight: 1, arbitrary: fc.constantFrom("\t", "\n", " ", ":", "?", "#", "@", "evil.example", "tools", "http:") },
    );
    const crafted = fc.array(pieces, { maxLength: 10 }).map((parts) => `/${parts.join("")}`);
    const input = fc.oneof(fc.string(), fc.webUrl(), crafted);
    fc.assert(
      fc.property(input, (requested) => {
        const destination = safeDestination(requested);
        if (destination === DEFAULT_DESTINATION) return;
        expect(destination.startsWith("/")).toBe(true);
        // Followed by a browser from any page of the site, it must land on the site.
        const followed = new URL(destination, `${SITE}/some/page`);
        expect(followed.origin).toBe(SITE);
        expect(followed.pathname + followed.search + followed.hash).toBe(destination);
      }),
      { numRuns: 2000 },
    );
  });
});
