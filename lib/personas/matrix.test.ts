import { describe, expect, it } from "vitest";
import { buildPersonaMatrix, type MatrixPersona } from "./matrix";

const persona = (slug: string, parentSlug: string | null, grant: MatrixPersona["grant"], disabled: string[] = []): MatrixPersona => ({
  slug, name: slug.toUpperCase(), parentSlug, grant, disabled,
});
const tools = [
  { name: "lookup", group: "orders" },
  { name: "refund", group: "Billing" },
  { name: "weather", group: "orders" },
];

describe("buildPersonaMatrix", () => {
  it("gives one cell per tool and persona, with the reason resolution gives", () => {
    const matrix = buildPersonaMatrix(
      [
        persona("base", null, { kind: "tools", names: ["lookup", "weather"] }, ["weather"]),
        persona("child", "base", { kind: "inherit" }),
      ],
      tools,
    );
    expect(matrix.personas).toEqual([{ slug: "base", name: "BASE" }, { slug: "child", name: "CHILD" }]);
    expect(matrix.groups).toEqual(["Billing", "orders"]);
    expect(matrix.rows.map((row) => [row.tool, row.group, ...row.cells.map((cell) => cell.reason)])).toEqual([
      ["lookup", "orders", "available (granted by this persona)", "available (granted by base)"],
      ["refund", "Billing", "outside this persona's grant", "outside the grant inherited from base"],
      // A parent's switch applies to the parent alone.
      ["weather", "orders", "disabled by operator", "available (granted by base)"],
    ]);
  });

  it("is empty without personas, and has no rows without tools", () => {
    expect(buildPersonaMatrix([], tools).rows.every((row) => row.cells.length === 0)).toBe(true);
    expect(buildPersonaMatrix([persona("p", null, { kind: "all" })], []).rows).toEqual([]);
  });
});
