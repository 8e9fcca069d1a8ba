import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ObjectSchema } from "@/lib/tools/client";
import { parameterRows, typeLabel } from "./parameter-rows";

const orderSchema: ObjectSchema = {
  type: "object",
  properties: {
    customer: {
      type: "object",
      description: "Who ordered.",
      properties: { email: { type: "string", format: "email" }, name: { type: "string", maxLength: 80 } },
      required: ["email"],
    },
    lines: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        properties: { sku: { type: "string", pattern: "^[A-Z]{3}-\\d+$" }, quantity: { type: "integer", minimum: 1, maximum: 99 } },
        required: ["sku", "quantity"],
      },
    },
    tags: { type: "array", items: { type: "string", enum: ["gift", "rush"] } },
    note: { type: "string" },
  },
  required: ["customer", "lines"],
};

/** The rows as "path | depth | type | required | constraints", one string each, for reading failures at a glance. */
const summary = (schema: ObjectSchema) =>
  parameterRows(schema).map((row) => [row.path, row.depth, row.type, row.required ?? "item", row.constraints.join(" ")].join(" | "));

describe("parameterRows", () => {
  it("lists each parameter followed by its nested fields and array items, indented, in the order written", () => {
    expect(summary(orderSchema)).toEqual([
      "customer | 0 | object | true | ",
      "customer.email | 1 | string | true | format: \"email\"",
      "customer.name | 1 | string | false | maxLength: 80",
      "lines | 0 | array<object> | true | minItems: 1",
      "lines[].sku | 1 | string | true | pattern: \"^[A-Z]{3}-\\\\d+$\"",
      "lines[].quantity | 1 | integer | true | minimum: 1 maximum: 99",
      "tags | 0 | array<string> | false | ",
      "tags[] | 1 | string | item | enum: [\"gift\",\"rush\"]",
      "note | 0 | string | false | ",
    ]);
  });

  it("keeps the parent path apart from the field's own name and carries descriptions", () => {
    const [customer, email] = parameterRows(orderSchema);
    expect(customer).toMatchObject({ parent: "", name: "customer", description: "Who ordered." });
    expect(email).toMatchObject({ parent: "customer.", name: "email", description: null });
  });

  it("walks arrays of arrays and objects in objects however deep", () => {
    const schema: ObjectSchema = {
      type: "object",
      properties: {
        grid: { type: "array", items: { type: "array", items: { type: "object", properties: { cell: { type: "object", properties: { value: { type: "number" } } } } } } },
      },
    };
    expect(summary(schema)).toEqual([
      "grid | 0 | array<array<object>> | false | ",
      "grid[][].cell | 1 | object | false | ",
      "grid[][].cell.value | 2 | number | false | ",
    ]);
  });

  it("gives items that describe themselves a row, with their fields one level further in", () => {
    const schema: ObjectSchema = {
      type: "object",
      properties: { stops: { type: "array", items: { type: "object", description: "One stop.", properties: { city: { type: "string" } }, required: ["city"] } } },
    };
    expect(summary(schema)).toEqual(["stops | 0 | array<object> | false | ", "stops[] | 1 | object | item | ", "stops[].city | 2 | string | true | "]);
  });

  it("has no rows for a tool without parameters", () => {
    expect(parameterRows({ type: "object", properties: {} })).toEqual([]);
  });
});

const scalar = fc.record({ type: fc.constantFrom("string", "number", "integer", "boolean"), description: fc.option(fc.string(), { nil: undefined }) }, { requiredKeys: ["type"] });
const { schema } = fc.letrec<{ schema: Record<string, unknown> }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small" },
    scalar,
    fc.tuple(tie("schema"), fc.option(fc.nat(3), { nil: undefined })).map(([items, minItems]) => ({ type: "array", items, ...(minItems === undefined ? {} : { minItems }) })),
    fc.dictionary(fc.constantFrom("a", "b", "c_d"), tie("schema"), { maxKeys: 3 }).map((properties) => ({ type: "object", properties, required: Object.keys(properties).slice(0, 1) })),
  ),
}));
const rootSchema = fc.dictionary(fc.constantFrom("x", "y", "z_1"), schema, { maxKeys: 3 }).map((properties) => ({ type: "object", properties }) as ObjectSchema);

/** How many named fields `node` holds anywhere below it (object properties, through array items too). */
function fieldCount(node: Record<string, unknown>): number {
  if (node.type === "array") return fieldCount(node.items as Record<string, unknown>);
  if (node.type !== "object") return 0;
  return Object.values(node.properties as Record<string, Record<string, unknown>>).reduce((sum, child) => sum + 1 + fieldCount(child), 0);
}

describe("parameterRows, for any schema", () => {
  it("gives every named field one row, in tree order, each row one level below the nearest row above it at most", () => {
    fc.assert(
      fc.property(rootSchema, (parameters) => {
        const rows = parameterRows(parameters);
        expect(rows.filter((row) => row.required !== null)).toHaveLength(fieldCount(parameters));
        expect(new Set(rows.map((row) => row.path)).size).toBe(rows.length);
        expect(rows.filter((row) => row.depth === 0).map((row) => row.name)).toEqual(Object.keys(parameters.properties));
        rows.forEach((row, index) => {
          expect(row.path).toBe(`${row.parent}${row.name}`);
          expect(row.depth).toBeLessThanOrEqual(index === 0 ? 0 : rows[index - 1]!.depth + 1);
        });
      }),
    );
  });
});

describe("typeLabel", () => {
  it.each([
    [{ type: "string" }, "string"],
    [{ type: "array", items: { type: "integer" } }, "array<integer>"],
    [{ type: "array", items: { type: "array", items: { type: "object" } } }, "array<array<object>>"],
  ] as const)("reads %j as %s", (schema, label) => {
    expect(typeLabel(schema)).toBe(label);
  });
});
