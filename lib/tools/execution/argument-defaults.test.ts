import { describe, expect, it } from "vitest";
import type { ObjectSchema } from "../types";
import { withSchemaDefaults } from "./argument-defaults";

const schema: ObjectSchema = {
  type: "object",
  properties: {
    units: { type: "string", default: "metric" },
    limit: { type: "integer", default: 10 },
    nothing: { type: "string", default: null },
    filter: {
      type: "object",
      properties: { status: { type: "string", default: "open" }, tags: { type: "array", items: { type: "string" }, default: ["a"] } },
    },
    lines: { type: "array", items: { type: "object", properties: { qty: { type: "integer", default: 1 }, sku: { type: "string" } } } },
    city: { type: "string" },
  },
};

describe("withSchemaDefaults", () => {
  it("fills absent properties at every level that is present, keeping given values", () => {
    const args = { limit: 3, filter: {}, lines: [{ sku: "x" }, { sku: "y", qty: 5 }] };
    expect(withSchemaDefaults(schema, args)).toEqual({
      units: "metric",
      limit: 3,
      nothing: null,
      filter: { status: "open", tags: ["a"] },
      lines: [{ sku: "x", qty: 1 }, { sku: "y", qty: 5 }],
    });
  });

  it("does not create an absent nested object, and never changes its input", () => {
    const args = { city: "Oslo" };
    const filled = withSchemaDefaults(schema, args) as Record<string, unknown>;
    expect(filled).not.toHaveProperty("filter");
    expect(args).toEqual({ city: "Oslo" });
    (filled.units as unknown) = "changed";
    expect((withSchemaDefaults(schema, {}) as Record<string, unknown>).units).toBe("metric");
  });

  it("copies a default, so changing one result cannot change the schema's default", () => {
    const first = withSchemaDefaults(schema, { filter: {} }) as { filter: { tags: string[] } };
    first.filter.tags.push("b");
    expect((withSchemaDefaults(schema, { filter: {} }) as { filter: { tags: string[] } }).filter.tags).toEqual(["a"]);
  });

  it.each([[null], ["text"], [[1, 2]], [42]])("returns %j unchanged for validation to report", (args) => {
    expect(withSchemaDefaults(schema, args)).toBe(args);
  });

  it("keeps a __proto__ key as data", () => {
    const args = JSON.parse('{"__proto__": {"polluted": true}}') as unknown;
    const filled = withSchemaDefaults(schema, args) as Record<string, unknown>;
    expect(Object.hasOwn(filled, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
