import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolvePersonaTools, type PersonaScope, type ToolGrant } from "./resolve";

const registry = ["lookup_order", "refund_order", "current_time", "send_email"].map((name) => ({ name }));

const inherit: ToolGrant = { kind: "inherit" };
const all: ToolGrant = { kind: "all" };
const only = (...names: string[]): ToolGrant => ({ kind: "tools", names });
const scope = (slug: string, grant: ToolGrant, disabled: string[] = []): PersonaScope => ({ slug, grant, disabled });

const availableNames = (chain: PersonaScope[]) => resolvePersonaTools(chain, registry).available.map((tool) => tool.name);

describe("resolvePersonaTools: the grant", () => {
  it.each<[string, PersonaScope[], string[], string | null]>([
    ["a root without a grant gets every tool", [scope("root", inherit)], ["lookup_order", "refund_order", "current_time", "send_email"], null],
    ["a root granted all gets every tool", [scope("root", all)], ["lookup_order", "refund_order", "current_time", "send_email"], "root"],
    ["a root's own list is its ceiling", [scope("root", only("lookup_order", "current_time"))], ["lookup_order", "current_time"], "root"],
    [
      "a grandchild inherits through two levels",
      [scope("vip", inherit), scope("support", inherit), scope("support-base", only("lookup_order", "refund_order"))],
      ["lookup_order", "refund_order"],
      "support-base",
    ],
    [
      "a child's own grant overrides its parent's",
      [scope("sales", only("send_email")), scope("support-base", only("lookup_order"))],
      ["send_email"],
      "sales",
    ],
    [
      "a middle persona's grant overrides the root's for its descendants",
      [scope("vip", inherit), scope("support", only("current_time")), scope("support-base", only("lookup_order"))],
      ["current_time"],
      "support",
    ],
    [
      "a child granted all widens a narrowed family",
      [scope("admin-bot", all), scope("support-base", only("lookup_order"))],
      ["lookup_order", "refund_order", "current_time", "send_email"],
      "admin-bot",
    ],
    ["an empty list grants nothing", [scope("locked", only())], [], "locked"],
    ["a chain inheriting up to a root without a grant gets every tool", [scope("a", inherit), scope("b", inherit), scope("c", inherit)], ["lookup_order", "refund_order", "current_time", "send_email"], null],
  ])("%s", (_label, chain, expected, grantSource) => {
    const resolution = resolvePersonaTools(chain, registry);
    expect(resolution.available.map((tool) => tool.name)).toEqual(expected);
    expect(resolution.grantSource).toBe(grantSource);
  });

  it("returns the registry's own objects, in registry order", () => {
    const resolution = resolvePersonaTools([scope("p", only("send_email", "lookup_order"))], registry);
    expect(resolution.available).toEqual([registry[0], registry[3]]);
    expect(resolution.available[0]).toBe(registry[0]);
  });

  it("refuses an empty chain", () => {
    expect(() => resolvePersonaTools([], registry)).toThrow(TypeError);
  });
});

describe("resolvePersonaTools: the disabled list", () => {
  it.each<[string, PersonaScope[], string[]]>([
    ["subtracts from every tool", [scope("root", inherit, ["send_email"])], ["lookup_order", "refund_order", "current_time"]],
    ["subtracts from an inherited grant", [scope("child", inherit, ["refund_order"]), scope("base", only("lookup_order", "refund_order"))], ["lookup_order"]],
    ["cannot add a tool outside the grant", [scope("child", inherit, ["send_email"]), scope("base", only("lookup_order"))], ["lookup_order"]],
    ["is the persona's own: an ancestor's list does not apply", [scope("child", inherit), scope("base", only("lookup_order", "refund_order"), ["refund_order"])], ["lookup_order", "refund_order"]],
    ["is normalised (blanks, whitespace, duplicates)", [scope("root", inherit, [" send_email ", "", "send_email", "  "])], ["lookup_order", "refund_order", "current_time"]],
  ])("%s", (_label, chain, expected) => {
    expect(availableNames(chain)).toEqual(expected);
  });
});

describe("resolvePersonaTools: stale names", () => {
  it("skips names that match no registered tool and reports them", () => {
    const resolution = resolvePersonaTools(
      [scope("child", inherit, ["old_tool", "lookup_order", "gone"]), scope("base", only("lookup_order", "renamed_tool", "refund_order"))],
      registry,
    );
    expect(resolution.available.map((tool) => tool.name)).toEqual(["refund_order"]);
    expect(resolution.staleNames).toEqual({ grant: ["renamed_tool"], disabled: ["old_tool", "gone"] });
    expect(resolution.explanations.map((explanation) => explanation.tool)).toEqual(registry.map((tool) => tool.name));
  });

  it("reports nothing stale for a grant of all tools", () => {
    expect(resolvePersonaTools([scope("root", all)], registry).staleNames).toEqual({ grant: [], disabled: [] });
  });

  it("reports only the grant that applies, not an overridden ancestor's", () => {
    const resolution = resolvePersonaTools([scope("child", only("lookup_order")), scope("base", only("ghost"))], registry);
    expect(resolution.staleNames.grant).toEqual([]);
  });
});

describe("resolvePersonaTools: explanations", () => {
  it.each<[string, PersonaScope[], string, { available: boolean; code: string; reason: string }]>([
    ["no grant anywhere", [scope("root", inherit)], "send_email", { available: true, code: "available", reason: "available (no grant set: every tool)" }],
    ["granted by itself", [scope("p", only("send_email"))], "send_email", { available: true, code: "available", reason: "available (granted by this persona)" }],
    ["granted all by itself", [scope("p", all)], "send_email", { available: true, code: "available", reason: "available (granted by this persona)" }],
    ["granted by an ancestor", [scope("vip", inherit), scope("support-base", only("send_email"))], "send_email", { available: true, code: "available", reason: "available (granted by support-base)" }],
    ["disabled by its operator", [scope("vip", inherit, ["send_email"]), scope("support-base", all)], "send_email", { available: false, code: "disabled_by_operator", reason: "disabled by operator" }],
    ["outside its own grant", [scope("p", only("lookup_order"))], "send_email", { available: false, code: "outside_grant", reason: "outside this persona's grant" }],
    ["outside an inherited grant", [scope("vip", inherit), scope("support-base", only("lookup_order"))], "send_email", { available: false, code: "outside_grant", reason: "outside the grant inherited from support-base" }],
    ["outside the grant and also disabled: the grant explains it", [scope("vip", inherit, ["send_email"]), scope("support-base", only("lookup_order"))], "send_email", { available: false, code: "outside_grant", reason: "outside the grant inherited from support-base" }],
  ])("%s", (_label, chain, tool, expected) => {
    const explanation = resolvePersonaTools(chain, registry).explanations.find((item) => item.tool === tool);
    expect(explanation).toEqual({ tool, ...expected });
  });
});

describe("resolvePersonaTools: invariants", () => {
  const toolName = fc.constantFrom(...registry.map((tool) => tool.name), "stale_a", "stale_b");
  const grant: fc.Arbitrary<ToolGrant> = fc.oneof(
    fc.constant(inherit),
    fc.constant(all),
    fc.array(toolName, { maxLength: 6 }).map((names) => only(...names)),
  );
  const chain = fc.array(
    fc.record({ slug: fc.string({ minLength: 1, maxLength: 8 }), grant, disabled: fc.array(toolName, { maxLength: 6 }) }),
    { minLength: 1, maxLength: 4 },
  );

  it("is exactly the ceiling minus the disabled list, and explains every tool consistently", () => {
    fc.assert(
      fc.property(chain, (personas) => {
        const resolution = resolvePersonaTools(personas, registry);
        const applying = personas.find((persona) => persona.grant.kind !== "inherit")?.grant;
        const ceiling = applying?.kind === "tools" ? applying.names : registry.map((tool) => tool.name);
        const expected = registry.map((tool) => tool.name).filter((name) => ceiling.includes(name) && !personas[0]?.disabled.includes(name));
        const names = resolution.available.map((tool) => tool.name);
        expect(names).toEqual(expected);
        expect(resolution.explanations.filter((item) => item.available).map((item) => item.tool)).toEqual(names);
        for (const stale of [...resolution.staleNames.grant, ...resolution.staleNames.disabled]) {
          expect(stale.startsWith("stale_")).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
