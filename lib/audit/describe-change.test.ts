import { describe, expect, it } from "vitest";
import { describeChange } from "./describe-change";

describe("describeChange", () => {
  it("lists only the fields that differ, as dotted paths", () => {
    expect(
      describeChange(
        { name: "lookup", request: { method: "GET", url: "https://a.example/x" }, tags: ["a"] },
        { name: "lookup", request: { method: "POST", url: "https://a.example/x" }, tags: ["a", "b"] },
      ),
    ).toEqual([
      { path: "request.method", before: '"GET"', after: '"POST"' },
      { path: "tags", before: '["a"]', after: '["a","b"]' },
    ]);
  });

  it("shows a creation as fields without a before", () => {
    expect(describeChange(null, { role: "editor" })).toEqual([{ path: "role", before: undefined, after: '"editor"' }]);
  });

  it("walks into an object that appears, so a creation reads field by field", () => {
    expect(describeChange(null, { definition: { name: "lookup", request: { method: "GET" } } })).toEqual([
      { path: "definition.name", before: undefined, after: '"lookup"' },
      { path: "definition.request.method", before: undefined, after: '"GET"' },
    ]);
  });

  it("shows a deletion as fields without an after", () => {
    expect(describeChange({ active: true }, null)).toEqual([{ path: "active", before: "true", after: undefined }]);
  });

  it("reports nothing when both sides are equal", () => {
    expect(describeChange({ a: { b: [1, 2] } }, { a: { b: [1, 2] } })).toEqual([]);
  });

  it("compares a scalar replaced by an object whole", () => {
    expect(describeChange({ grant: "all" }, { grant: { x: 1 } })).toEqual([{ path: "grant", before: '"all"', after: '{"x":1}' }]);
  });

  it.each([
    { maxDepth: undefined, expected: ["request.headers.A"] },
    { maxDepth: 2, expected: ["request.headers"] },
    { maxDepth: 1, expected: ["request"] },
    { maxDepth: 0, expected: ["(value)"] },
  ])("walks objects down to maxDepth $maxDepth, comparing deeper objects whole", ({ maxDepth, expected }) => {
    const before = { name: "t", request: { url: "https://a.example/x", headers: { A: "1" } } };
    const after = { name: "t", request: { url: "https://a.example/x", headers: { A: "2" } } };
    expect(describeChange(before, after, { maxDepth }).map((change) => change.path)).toEqual(expected);
  });

  it("shortens long values", () => {
    const [change] = describeChange({ description: "a" }, { description: "x".repeat(1000) });
    expect(change!.after!.length).toBe(300);
    expect(change!.after!.endsWith("…")).toBe(true);
  });
});
