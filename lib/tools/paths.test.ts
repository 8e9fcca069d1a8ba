import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dottedFromJsonPath, isValidPath, MISSING, pathProblem, walkPath } from "./paths";

describe("isValidPath (SPEC §1.4)", () => {
  it.each([["a"], ["data.items.0.status"], ["0"], ["a-b.c_d"], ["with space.x"]])("accepts %j", (path) => {
    expect(isValidPath(path)).toBe(true);
  });

  it.each([[""], ["."], ["a."], [".a"], ["a..b"], [null], [undefined], [3], [["a"]], ["$.data.status"], ["$"], ["items[0].id"]])("refuses %j", (path) => {
    expect(isValidPath(path)).toBe(false);
  });
});

describe("JSONPath spellings: refused at authoring, with the dotted path to write", () => {
  it.each([
    ["$.data.status", "data.status"],
    ["$.data.items[0].status", "data.items.0.status"],
    ["$['data'][\"status\"]", "data.status"],
    ["items[2].id", "items.2.id"],
    ["$[0]", "0"],
  ])("reads %s as %s", (jsonPath, dotted) => {
    expect(dottedFromJsonPath(jsonPath)).toBe(dotted);
    expect(isValidPath(dotted)).toBe(true);
    expect(pathProblem(jsonPath, "unused")).toBe(`is written as JSONPath, which Quiver's dotted paths are not: write "${dotted}" (numbers index lists)`);
  });

  it.each([["$"], ["$.items[*].id"], ["$..id"], ["$['a.b']"], ["data.status"], ["$.a[?(@.x)]"], [42]])("has no dotted spelling for %j, and keeps the other message", (input) => {
    expect(dottedFromJsonPath(input)).toBeNull();
    expect(pathProblem(input, "must be a dotted path")).toBe("must be a dotted path");
  });
});

describe("walkPath (SPEC §1.4)", () => {
  const body = {
    data: { status: "shipped", note: null, items: [{ id: 1 }, { id: 2, tags: ["x", null] }], count: 0, empty: "" },
    "0": "key named zero",
  };

  const rows: [string, string, unknown][] = [
    ["a top-level key", "data.status", "shipped"],
    ["a key holding null is null, not missing", "data.note", null],
    ["a falsy number", "data.count", 0],
    ["an empty string", "data.empty", ""],
    ["an array index", "data.items.1.id", 2],
    ["an index inside a nested array", "data.items.1.tags.0", "x"],
    ["a null array element", "data.items.1.tags.1", null],
    ["a whole sub-object", "data.items.0", { id: 1 }],
    ["a numeric key on an object is a key", "0", "key named zero"],
    ["a missing key", "data.missing", MISSING],
    ["a key below a missing key", "data.missing.deeper", MISSING],
    ["an index past the end", "data.items.2", MISSING],
    ["a non-numeric segment on an array", "data.items.first", MISSING],
    ["a negative index", "data.items.-1", MISSING],
    ["a key an array element lacks", "data.items.0.tags", MISSING],
    ["a segment below null", "data.note.x", MISSING],
    ["a segment below a string", "data.status.length", MISSING],
    ["a segment below a number", "data.count.x", MISSING],
    ["an inherited property is not a key", "data.toString", MISSING],
    ["__proto__ is not a key unless written", "data.__proto__", MISSING],
  ];

  it.each(rows)("%s: %s", (_rule, path, expected) => {
    expect(walkPath(body, path)).toEqual(expected);
  });

  it("walks a top-level array", () => {
    expect(walkPath([["a", "b"]], "0.1")).toBe("b");
  });

  it("reads back any value placed at a generated path", () => {
    const segment = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.jsonValue(), (segments, leaf) => {
        const document = segments.reduceRight<unknown>((inner, key) => ({ [key]: inner }), leaf);
        const path = segments.join(".");
        expect(isValidPath(path)).toBe(true);
        expect(walkPath(document, path)).toEqual(leaf);
        expect(walkPath(document, `${path}.missing_after`)).toBe(MISSING);
      }),
      { numRuns: 200 },
    );
  });
});
