import { describe, expect, it } from "vitest";
import { NotFoundError, ValidationError } from "../errors";
import { findParentCycle, personaChain, type PersonaNode } from "./chain";

function tree(parents: Record<string, string | null>): Map<string, PersonaNode> {
  return new Map(Object.entries(parents).map(([slug, parentSlug]) => [slug, { slug, parentSlug }]));
}

const family = tree({ "support-base": null, support: "support-base", vip: "support", sales: null });

describe("personaChain", () => {
  it.each([
    ["a root", "sales", ["sales"]],
    ["a child", "support", ["support", "support-base"]],
    ["a grandchild", "vip", ["vip", "support", "support-base"]],
  ])("walks from %s up to its root", (_label, slug, expected) => {
    expect(personaChain(slug, family).map((persona) => persona.slug)).toEqual(expected);
  });

  it("refuses an unknown persona", () => {
    expect(() => personaChain("ghost", family)).toThrow(new NotFoundError('Persona "ghost" does not exist.'));
  });

  it("refuses a dangling parent", () => {
    expect(() => personaChain("orphan", tree({ orphan: "gone" }))).toThrow('Persona "orphan" names a parent "gone" that does not exist.');
  });

  it.each([
    ["a self-parent", tree({ loop: "loop" }), "loop", 'persona "loop" is its own ancestor (loop → loop)'],
    ["a longer cycle", tree({ a: "b", b: "c", c: "a" }), "a", 'persona "a" is its own ancestor (a → b → c → a)'],
    ["a cycle above the persona", tree({ leaf: "b", b: "c", c: "b" }), "leaf", 'persona "b" is its own ancestor (leaf → b → c → b)'],
  ])("refuses %s", (_label, personas, slug, message) => {
    let thrown: unknown;
    try {
      personaChain(slug, personas);
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues).toEqual([{ path: "parent", message }]);
  });
});

describe("findParentCycle", () => {
  const parentOf = (slug: string) => family.get(slug)?.parentSlug;

  it.each<[string, string, string | null, string[] | null]>([
    ["no parent", "vip", null, null],
    ["an unrelated root", "vip", "sales", null],
    ["its current parent", "vip", "support", null],
    ["itself", "support", "support", ["support", "support"]],
    ["its child", "support-base", "support", ["support-base", "support", "support-base"]],
    ["its grandchild", "support-base", "vip", ["support-base", "vip", "support", "support-base"]],
    ["an unknown persona", "vip", "ghost", null],
  ])("checks %s", (_label, slug, parent, expected) => {
    expect(findParentCycle(slug, parent, parentOf)).toEqual(expected);
  });

  it("stops at an existing cycle elsewhere instead of looping", () => {
    const broken = tree({ x: "y", y: "x", z: null });
    expect(findParentCycle("z", "x", (slug) => broken.get(slug)?.parentSlug)).toBeNull();
  });
});
