import { describe, expect, it } from "vitest";
import { compileSchemaPattern, schemaPatternProblem } from "./schema-pattern";

describe("schema patterns run on a linear-time engine", () => {
  it.each([
    ["^\\d{3}-\\d{4}$", "555-1234", true],
    ["^\\d{3}-\\d{4}$", "555-12345", false],
    ["^[A-Z]{2}-\\d+$", "DE-42", true],
    ["(?<year>\\d{4})", "in 2026", true],
    ["^\\p{L}+$", "Zoë", true],
    ["\\u00e9", "café", true],
    ["^[^<>]*$", "<script>", false],
  ])("%s on %j → %s (as JavaScript would)", (pattern, text, expected) => {
    expect(compileSchemaPattern(pattern).test(text)).toBe(expected);
    expect(new RegExp(pattern, "u").test(text)).toBe(expected);
  });

  it.each([
    ["^(a+)+$", `${"a".repeat(50_000)}!`],
    ["^(a|a)*$", `${"a".repeat(50_000)}!`],
    ["^(\\w+\\s?)*$", `${"word ".repeat(10_000)}!`],
  ])("answers %s on a hostile %#th input without backtracking", (pattern, text) => {
    // A backtracking engine needs exponential time here; RE2's automaton reads each character once.
    expect(compileSchemaPattern(pattern).test(text)).toBe(false);
    expect(compileSchemaPattern(pattern).test(text.slice(0, -1))).toBe(true);
  });

  it.each([
    ["(?=a)a", "lookahead"],
    ["(?!x)y", "lookahead"],
    ["(?<=x)y", "lookbehind"],
    ["(?<!x)y", "lookbehind"],
    ["(a)\\1", "backreference"],
    ["a{1001}", "repeat count"],
  ])("refuses %s (%s)", (pattern) => {
    expect(schemaPatternProblem(pattern)).toBe(
      `"${pattern}" uses what the linear-time matcher cannot run (lookahead, lookbehind, a backreference, a repeat count over 1000): patterns are matched in linear time so no input can stall a call; rewrite it without that`,
    );
  });

  it("refuses what is not a regular expression at all", () => {
    expect(schemaPatternProblem("([a-z")).toBe('"([a-z" is not a valid regular expression');
  });

  it("accepts the patterns it can run", () => {
    expect(schemaPatternProblem("^(a+)+$")).toBeNull();
    expect(schemaPatternProblem("^[^<>]*$")).toBeNull();
  });
});
