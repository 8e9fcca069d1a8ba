import { describe, expect, it } from "vitest";
import {
  checkKnownKeys,
  childPath,
  deepFreeze,
  describeValue,
  isPlainObject,
  Issues,
  MAX_JSON_DEPTH,
  nameProblem,
  toJsonValue,
} from "./definition-input";

describe("nameProblem (SPEC §1.2 name rule)", () => {
  it.each([["a"], ["get_weather"], ["v2_lookup"], ["a".repeat(64)]])("accepts %j", (name) => {
    expect(nameProblem(name)).toBeNull();
  });

  it.each([
    ["", /is required/],
    [null, /is required/],
    [undefined, /is required/],
    [5, /must be a string, found a number/],
    ["A", /not a valid name/],
    ["9a", /not a valid name/],
    ["_a", /not a valid name/],
    ["a-b", /not a valid name/],
    ["a.b", /not a valid name/],
    ["a b", /not a valid name/],
    ["é", /not a valid name/],
    ["a".repeat(65), /longer than 64 characters/],
  ])("refuses %j", (name, message) => {
    expect(nameProblem(name)).toMatch(message);
  });
});

describe("checkKnownKeys", () => {
  const allowed = ["name", "side_effect", "timeout"];
  it.each([
    ["side_efect", 'unknown field "side_efect": did you mean "side_effect"? allowed fields are name, side_effect, timeout'],
    ["Timeout", 'unknown field "Timeout": did you mean "timeout"? allowed fields are name, side_effect, timeout'],
    ["nmae", 'unknown field "nmae": did you mean "name"? allowed fields are name, side_effect, timeout'],
    ["colour", 'unknown field "colour": allowed fields are name, side_effect, timeout'],
  ])("reports %j with a suggestion only for a near miss", (key, message) => {
    const issues = new Issues();
    expect(checkKnownKeys({ name: "x", [key]: 1 }, allowed, "request", issues)).toBe(false);
    expect(issues.problems).toEqual([{ path: `request.${key}`, message }]);
  });

  it("reports nothing for known keys", () => {
    const issues = new Issues();
    expect(checkKnownKeys({ name: "x", timeout: 1 }, allowed, "", issues)).toBe(true);
    expect(issues.problems).toEqual([]);
  });
});

describe("toJsonValue", () => {
  it("copies plain JSON, keeping key order and __proto__ keys as data", () => {
    const input = JSON.parse('{"b":[1,"x",null,true,{"__proto__":{"polluted":true}}],"a":-2.5}');
    const issues = new Issues();
    const copy = toJsonValue(input, "body", issues);
    expect(issues.problems).toEqual([]);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(input));
    expect(copy).not.toBe(input);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("stores -0 as 0, as JSON writes it", () => {
    expect(Object.is(toJsonValue(-0, "body", new Issues()), 0)).toBe(true);
  });

  it.each([
    ["NaN", { a: Number.NaN }, "body.a", /finite number/],
    ["Infinity", [1, Number.NEGATIVE_INFINITY], "body.1", /finite number/],
    ["undefined", { a: undefined }, "body.a", /found nothing \(undefined\)/],
    ["a hole in an array", [1, , 3], "body.1", /found nothing/],
    ["a Date", { when: new Date(0) }, "body.when", /found an object/],
    ["a function", { f: () => 1 }, "body.f", /found a function value/],
    ["a bigint", { n: 1n }, "body.n", /found a bigint value/],
  ])("refuses %s at its path", (_kind, input, path, message) => {
    const issues = new Issues();
    toJsonValue(input, "body", issues);
    expect(issues.problems).toEqual([{ path, message: expect.stringMatching(message) }]);
  });

  it("refuses nesting past the bound instead of overflowing the stack", () => {
    let deep: unknown = "leaf";
    for (let level = 0; level < 10_000; level++) deep = [deep];
    const issues = new Issues();
    toJsonValue(deep, "body", issues);
    expect(issues.problems).toHaveLength(1);
    expect(issues.problems[0]?.message).toBe(`is nested deeper than ${MAX_JSON_DEPTH} levels`);
  });
});

describe("small helpers", () => {
  it("childPath joins with dots, and the root is empty", () => {
    expect(childPath("", "name")).toBe("name");
    expect(childPath("request.headers", "X-A")).toBe("request.headers.X-A");
    expect(childPath("tags", 2)).toBe("tags.2");
  });

  it.each([[{}, true], [Object.create(null), true], [[], false], [null, false], [new Date(), false], ["x", false]])(
    "isPlainObject(%j) is %j",
    (value, expected) => {
      expect(isPlainObject(value)).toBe(expected);
    },
  );

  it.each([[null, "null"], [[1], "a list"], [{}, "an object"], ["s", "a string"], [1, "a number"], [false, "a boolean"]])(
    "describeValue(%j) is %j",
    (value, expected) => {
      expect(describeValue(value)).toBe(expected);
    },
  );

  it("deepFreeze freezes every level", () => {
    const value = deepFreeze({ a: { b: [{ c: 1 }] } });
    expect(Object.isFrozen(value.a.b[0])).toBe(true);
    expect(Object.isFrozen(value.a.b)).toBe(true);
  });
});
