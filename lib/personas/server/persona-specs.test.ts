/**
 * The persona composition the personas pages and the runtime API share, against a real database:
 * "what the agent sees" in each format, the page view (who switched a tool off, the parent's
 * switches), the matrix's groups, bulk toggles refusing unknown tools, and the grant a new
 * persona starts with.
 */
import { describe, expect, it } from "vitest";
import { createPersona, getPersona } from "./personas";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { insertOperator, plainTool } from "../../db/test-support/fixtures";
import { saveTool } from "../../catalog/tool-saves";
import { NotFoundError, ValidationError } from "../../errors";
import { BUILTIN_TOOL_NAMES } from "../../tools";
import { loadPersonaMatrix } from "./persona-matrix";
import { personaToolSpecs } from "./persona-specs";
import { BUILTIN_GROUP, createPersonaForCatalog, grantPersonaTools, togglePersonaTool, togglePersonaTools } from "./persona-tools";
import { getPersonaView } from "./persona-view";
import { newPersonaSchema } from "./schemas";

const targets = await databaseTargets();

describe.each(targets)("persona composition on $name", (target) => {
  const db = useTestDatabase(target);

  async function family() {
    const actor = await insertOperator(db(), "ops@example.com");
    for (const [name, group] of [["orders_lookup", "orders"], ["orders_refund", "orders"], ["weather_now", null]] as const) {
      await saveTool({ definition: plainTool({ name, group, description: `Does ${name}.` }), baseVersion: null, actor });
    }
    await createPersona({ slug: "base", name: "Base", grant: ["orders_lookup", "orders_refund", "gone_tool"] }, actor);
    await createPersona({ slug: "child", name: "Child", parentSlug: "base" }, actor);
    return actor;
  }

  it("serves the effective tools in every format; a switch on the child leaves the parent's list alone", async () => {
    const actor = await family();
    await togglePersonaTool("child", "orders_refund", false, actor);

    const child = await personaToolSpecs("child", "openai");
    expect(child.specs.map((spec) => spec.function.name)).toEqual(["orders_lookup"]);
    expect((await personaToolSpecs("base", "anthropic")).specs.map((spec) => spec.name)).toEqual(["orders_lookup", "orders_refund"]);
    expect((await personaToolSpecs("base", "gemini")).specs.map((spec) => spec.name)).toEqual(["orders_lookup", "orders_refund"]);
    expect((await personaToolSpecs("child", "mcp")).specs.map((spec) => spec.name)).toEqual(["orders_lookup"]);
    await expect(personaToolSpecs("nobody", "openai")).rejects.toThrow(NotFoundError);
  });

  it("the page view says who switched a tool off, what the parent switched off, and the groups", async () => {
    const actor = await family();
    await togglePersonaTools("base", ["orders_lookup", "orders_refund"], false, actor);
    await togglePersonaTool("child", "orders_lookup", false, actor);

    const view = await getPersonaView("child");
    const row = (name: string) => view.tools.find((tool) => tool.name === name)!;
    expect(row("orders_lookup")).toMatchObject({ code: "disabled_by_operator", switchedOff: { by: "ops@example.com" }, offOnParent: true, group: "orders" });
    expect(row("orders_refund")).toMatchObject({ code: "available", switchedOff: null, offOnParent: true });
    expect(row("weather_now")).toMatchObject({ code: "outside_grant", group: "Ungrouped" });
    expect(view.groups).toEqual([BUILTIN_GROUP, "orders", "Ungrouped"]);
    expect(view.parent).toEqual({ slug: "base", name: "Base" });
    expect((await getPersonaView("base")).resolved.staleNames).toEqual(["gone_tool"]);
    await expect(getPersonaView("nobody")).rejects.toThrow(NotFoundError);
  });

  it("the matrix has one row per catalog tool and one cell per persona", async () => {
    await family();
    const matrix = await loadPersonaMatrix();
    expect(matrix.personas.map((persona) => persona.slug)).toEqual(["base", "child"]);
    expect(matrix.rows.map((row) => row.tool)).toEqual([...BUILTIN_TOOL_NAMES, "orders_lookup", "orders_refund", "weather_now"]);
    expect(matrix.rows.at(-1)!.cells.map((cell) => cell.reason)).toEqual(["outside this persona's grant", "outside the grant inherited from base"]);
  });

  // Issue 26: a root that inherits has nothing to inherit from and would get every tool.
  it("a persona created without a grant: a root grants nothing, a child takes its parent's", async () => {
    const actor = await family();
    const input = newPersonaSchema.parse({ name: "Fresh root", slug: "fresh-root" });
    expect(await createPersonaForCatalog(input, actor)).toMatchObject({ parentSlug: null, grant: [] });
    expect((await personaToolSpecs("fresh-root", "openai")).specs).toEqual([]);
    const root = await getPersonaView("fresh-root");
    expect(root).toMatchObject({ availableCount: 0, resolved: { grantSummary: "grant: no tools" } });
    expect(root.tools.every((tool) => tool.code === "outside_grant")).toBe(true);

    expect(await createPersonaForCatalog({ slug: "fresh-child", name: "Fresh child", parentSlug: "base" }, actor)).toMatchObject({ grant: null });
    expect((await personaToolSpecs("fresh-child", "openai")).specs.map((spec) => spec.function.name)).toEqual(["orders_lookup", "orders_refund"]);

    // Every tool stays available to a root, chosen knowingly.
    await createPersonaForCatalog({ slug: "everything", name: "Everything", grant: "all" }, actor);
    const everything = await getPersonaView("everything");
    expect(everything.availableCount).toBe(everything.catalogSize);
  });

  it("a grant naming a tool the catalog does not have is refused, changing nothing", async () => {
    const actor = await family();
    await expect(grantPersonaTools("child", ["orders_lookup", "typo_tool"], actor)).rejects.toThrow(ValidationError);
    await expect(createPersonaForCatalog({ slug: "new-one", name: "New", grant: ["typo_tool"] }, actor)).rejects.toThrow(ValidationError);
    expect(await getPersona("child")).toMatchObject({ grant: null, version: 1 });
    expect(await getPersona("new-one")).toBeNull();
    expect((await grantPersonaTools("child", ["orders_lookup"], actor)).grant).toEqual(["orders_lookup"]);
  });

  it("a bulk toggle naming an unknown tool changes nothing", async () => {
    const actor = await family();
    await expect(togglePersonaTools("base", ["orders_lookup", "no_such_tool"], false, actor)).rejects.toThrow('There is no tool named "no_such_tool".');
    await expect(togglePersonaTools("base", [], false, actor)).rejects.toThrow();
    expect(await getPersona("base")).toMatchObject({ disabledTools: [], version: 1 });
  });
});
