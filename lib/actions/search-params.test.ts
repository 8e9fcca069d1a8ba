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

describe("firstParam's length limit", () => {
  it("keeps a value at the limit and ignores a longer one instead of cutting it", () => {
    expect(firstParam("q".repeat(200))).toBe("q".repeat(200));
    expect(firstParam("q".repeat(201))).toBe("");
    expect(firstParam(`/tools/${"a".repeat(300)}`, 2048)).toBe(`/tools/${"a".repeat(300)}`);
  });
});

describe("oneOf", () => {
  it("keeps allowed values and drops others", () => {
    expect(oneOf("tool", ["tool", "persona"])).toBe("tool");
    expect(oneOf("Tool", ["tool", "persona"])).toBeUndefined();
  });
});
