import { describe, expect, it } from "vitest";
import { firstParam, oneOf } from "./search-params";

describe("firstParam", () => {
  it.each([
    [undefined, ""],
    ["  tools ", "tools"],
    [["a", "b"], "a"],
    [[], ""],
  ] as const)("%j → %j", (value, expected) => {
    expect(firstParam(value as string | string[] | undefined)).toBe(expected);
  });
});

describe("oneOf", () => {
  it("keeps allowed values and drops others", () => {
    expect(oneOf("tool", ["tool", "persona"])).toBe("tool");
    expect(oneOf("Tool", ["tool", "persona"])).toBeUndefined();
  });
});
