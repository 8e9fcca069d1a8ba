import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeToolNameList } from "./tool-names";

describe("normalizeToolNameList", () => {
  it.each<[string, unknown, string[]]>([
    ["null", null, []],
    ["undefined", undefined, []],
    ["a string", "send_email", []],
    ["an object", { send_email: true }, []],
    ["a number", 3, []],
    ["an empty list", [], []],
    ["a clean list", ["a", "b"], ["a", "b"]],
    ["whitespace around names", ["  a ", "\tb\n"], ["a", "b"]],
    ["blanks", ["", "   ", "a"], ["a"]],
    ["duplicates, keeping the first", ["b", "a", "b", " a"], ["b", "a"]],
    ["non-strings", ["a", 1, null, { name: "b" }, ["c"], true], ["a"]],
  ])("normalises %s", (_label, value, expected) => {
    expect(normalizeToolNameList(value)).toEqual(expected);
  });

  it("is idempotent and yields unique, trimmed, non-blank strings for any input", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.oneof(fc.string(), fc.anything()))), (value) => {
        const once = normalizeToolNameList(value);
        expect(normalizeToolNameList(once)).toEqual(once);
        expect(new Set(once).size).toBe(once.length);
        for (const name of once) expect(name).toBe(name.trim());
        for (const name of once) expect(name).not.toBe("");
      }),
      { numRuns: 300 },
    );
  });
});
