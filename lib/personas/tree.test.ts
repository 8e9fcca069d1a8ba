import { describe, expect, it } from "vitest";
import { slugFromName, treeOrder } from "./tree";

const node = (slug: string, parentSlug: string | null = null) => ({ slug, parentSlug });

describe("treeOrder", () => {
  it("lists each root then its descendants depth-first, by slug", () => {
    const ordered = treeOrder([node("b"), node("a-child", "a"), node("a"), node("a-grand", "a-child"), node("b-child", "b")]);
    expect(ordered.map(({ persona, depth }) => `${depth}:${persona.slug}`)).toEqual(["0:a", "1:a-child", "2:a-grand", "0:b", "1:b-child"]);
  });

  it.each([
    { rule: "a missing parent makes a root", personas: [node("x", "gone")], expected: ["0:x"] },
    { rule: "a stored cycle is listed, not lost", personas: [node("p", "q"), node("q", "p")], expected: ["0:p", "1:q"] },
  ])("$rule", ({ personas, expected }) => {
    expect(treeOrder(personas).map(({ persona, depth }) => `${depth}:${persona.slug}`)).toEqual(expected);
  });
});

describe("slugFromName", () => {
  it.each([
    ["Support tier 1", "support-tier-1"],
    ["  Über  Agent!! ", "uber-agent"],
    ["---", ""],
    ["x".repeat(70), "x".repeat(64)],
  ])("%s → %s", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });
});
