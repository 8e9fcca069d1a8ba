/** The grant a new persona starts with (issue 26): none for a root, the parent's for a child. */
import { describe, expect, it } from "vitest";
import { defaultGrantFor, type PersonaGrant } from "./grant";
import { resolvePersonaTools, type ToolGrant } from "./resolve";

const registry = ["lookup_order", "create_order"].map((name) => ({ name }));
const toolGrant = (grant: PersonaGrant): ToolGrant => (grant === null ? { kind: "inherit" } : grant === "all" ? { kind: "all" } : { kind: "tools", names: grant });

describe("defaultGrantFor", () => {
  it.each<[string, string | null | undefined, PersonaGrant]>([
    ["a root (no parent) starts with no tools", null, []],
    ["a root whose parent is left out starts with no tools", undefined, []],
    ["a root whose parent is blank starts with no tools", "", []],
    ["a child starts inheriting its parent's grant", "support-base", null],
  ])("%s", (_rule, parentSlug, expected) => {
    expect(defaultGrantFor(parentSlug)).toEqual(expected);
  });

  it("leaves a new root able to call nothing, and a new child exactly its parent's tools", () => {
    const root = { slug: "root", grant: toolGrant(defaultGrantFor(null)), disabled: [] };
    expect(resolvePersonaTools([root], registry).available).toEqual([]);

    const parent = { slug: "base", grant: toolGrant(["lookup_order"]), disabled: [] };
    const child = { slug: "child", grant: toolGrant(defaultGrantFor("base")), disabled: [] };
    expect(resolvePersonaTools([child, parent], registry).available.map((tool) => tool.name)).toEqual(["lookup_order"]);
  });
});
