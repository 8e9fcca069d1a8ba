import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { headerValueProblem } from "./header-value";

describe("headerValueProblem", () => {
  it.each<[string, string, string | null]>([
    ["plain ASCII", "Bearer abc-123", null],
    ["a tab", "a\tb", null],
    ["Latin-1 beyond ASCII", "café ÿ", null],
    ["an empty value", "", null],
    ["CR LF", "a\r\nX-Injected: 1", "contains a line break or NUL"],
    ["a lone LF", "a\nb", "contains a line break or NUL"],
    ["NUL", "a\0b", "contains a line break or NUL"],
    ["another control character", "a\u0001b", "contains characters an HTTP header cannot carry (control or non-Latin-1)"],
    ["DEL", "a\u007fb", "contains characters an HTTP header cannot carry (control or non-Latin-1)"],
    ["a character outside Latin-1", "日本", "contains characters an HTTP header cannot carry (control or non-Latin-1)"],
    ["an emoji", "ok 😀", "contains characters an HTTP header cannot carry (control or non-Latin-1)"],
  ])("%s", (_case, value, expected) => {
    expect(headerValueProblem(value)).toBe(expected);
  });

  it("accepts only values Headers can carry (it is stricter: Headers lets other control characters through)", () => {
    fc.assert(
      // Code units around the Latin-1 boundary, so both answers come up often.
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0x1ff }).map((unit) => String.fromCharCode(unit)), maxLength: 12 }), (value) => {
        if (headerValueProblem(value) !== null) return;
        expect(() => new Headers({ "X-Test": value })).not.toThrow();
        expect(value).not.toMatch(/[\r\n\0]/);
      }),
      { numRuns: 300 },
    );
  });
});
