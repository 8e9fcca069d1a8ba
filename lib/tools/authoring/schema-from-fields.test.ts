import { describe, expect, it } from "vitest";
import type { ObjectSchema } from "../types";
import { fieldsFromSchema } from "./fields-from-schema";
import { newField, type ParameterField, type ParameterType } from "./parameter-field";
import { schemaFromFields } from "./schema-from-fields";

/** A field of `type` named `name` with `overrides` (keys are irrelevant here). */
function field(type: ParameterType, name: string, overrides: Partial<ParameterField> = {}): ParameterField {
  return { ...newField(type, name), ...overrides };
}

/** The schema of one top-level parameter `p` built from `overrides`, as canonical JSON text. */
function parameterSchema(type: ParameterType, overrides: Partial<ParameterField> = {}): string {
  const { schema, issues } = schemaFromFields([field(type, "p", overrides)]);
  expect(issues).toEqual([]);
  return JSON.stringify(schema.properties.p);
}

describe("schemaFromFields: each keyword the form edits", () => {
  const rows: { rule: string; type: ParameterType; overrides: Partial<ParameterField>; schema: unknown }[] = [
    { rule: "a bare string", type: "string", overrides: {}, schema: { type: "string" } },
    { rule: "description", type: "string", overrides: { description: "City name" }, schema: { type: "string", description: "City name" } },
    { rule: "string enum, raw", type: "string", overrides: { enumValues: ["a b", "12", ""] }, schema: { type: "string", enum: ["a b", "12", ""] } },
    { rule: "number enum", type: "number", overrides: { enumValues: ["1.5", " -2 ", "1e3"] }, schema: { type: "number", enum: [1.5, -2, 1000] } },
    { rule: "integer enum", type: "integer", overrides: { enumValues: ["1", "20"] }, schema: { type: "integer", enum: [1, 20] } },
    { rule: "boolean enum", type: "boolean", overrides: { enumValues: ["true", "false"] }, schema: { type: "boolean", enum: [true, false] } },
    { rule: "string default, raw (no quotes)", type: "string", overrides: { defaultValue: "metric" }, schema: { type: "string", default: "metric" } },
    { rule: "number default", type: "number", overrides: { defaultValue: "0.25" }, schema: { type: "number", default: 0.25 } },
    { rule: "integer default, -0 as 0", type: "integer", overrides: { defaultValue: "-0" }, schema: { type: "integer", default: 0 } },
    { rule: "boolean default", type: "boolean", overrides: { defaultValue: "false" }, schema: { type: "boolean", default: false } },
    { rule: "object default, JSON", type: "object", overrides: { defaultValue: '{"b": 1, "a": [true]}' }, schema: { type: "object", default: { b: 1, a: [true] }, properties: {} } },
    { rule: "array default, JSON", type: "array", overrides: { defaultValue: '["x"]' }, schema: { type: "array", default: ["x"], items: { type: "string" } } },
    {
      rule: "every string constraint",
      type: "string",
      overrides: { constraints: { maxLength: "20", minLength: "0", pattern: "^[A-Z]{3}$", format: "date" } },
      schema: { type: "string", format: "date", pattern: "^[A-Z]{3}$", minLength: 0, maxLength: 20 },
    },
    {
      rule: "every number constraint",
      type: "number",
      overrides: { constraints: { minimum: "-1.5", maximum: "10", exclusiveMinimum: "-2", exclusiveMaximum: "11", multipleOf: "0.5" } },
      schema: { type: "number", minimum: -1.5, exclusiveMinimum: -2, maximum: 10, exclusiveMaximum: 11, multipleOf: 0.5 },
    },
    {
      rule: "every integer constraint",
      type: "integer",
      overrides: { constraints: { minimum: "1", maximum: "9", exclusiveMinimum: "0", exclusiveMaximum: "10", multipleOf: "3" } },
      schema: { type: "integer", minimum: 1, exclusiveMinimum: 0, maximum: 9, exclusiveMaximum: 10, multipleOf: 3 },
    },
    {
      rule: "every array constraint",
      type: "array",
      overrides: { constraints: { minItems: "1", maxItems: "5", uniqueItems: "true" } },
      schema: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 5, uniqueItems: true },
    },
    { rule: "blank constraint text sets nothing", type: "string", overrides: { constraints: { maxLength: "", pattern: "" } }, schema: { type: "string" } },
    { rule: "constraints of another type are ignored", type: "boolean", overrides: { constraints: { maxLength: "3" } }, schema: { type: "boolean" } },
    {
      rule: "a nested object, required in property order",
      type: "object",
      overrides: { properties: [field("string", "street", { required: true }), field("integer", "zip"), field("string", "city", { required: true })] },
      schema: { type: "object", properties: { street: { type: "string" }, zip: { type: "integer" }, city: { type: "string" } }, required: ["street", "city"] },
    },
    {
      rule: "an array of objects with an enum",
      type: "array",
      overrides: { items: field("object", "", { properties: [field("string", "sku", { enumValues: ["A-1", "B-2"], required: true })] }) },
      schema: { type: "array", items: { type: "object", properties: { sku: { type: "string", enum: ["A-1", "B-2"] } }, required: ["sku"] } },
    },
    {
      rule: "an array of arrays",
      type: "array",
      overrides: { items: field("array", "", { items: field("number", "", { constraints: { minimum: "0" } }), constraints: { maxItems: "2" } }) },
      schema: { type: "array", items: { type: "array", items: { type: "number", minimum: 0 }, maxItems: 2 } },
    },
    {
      rule: "extra keywords kept, values the form sets winning",
      type: "string",
      overrides: { description: "now", extra: { "x-ui": 1, title: "T", description: "before", const: "c" } },
      schema: { type: "string", title: "T", description: "now", const: "c", "x-ui": 1 },
    },
  ];

  it.each(rows)("$rule", ({ type, overrides, schema }) => {
    expect(parameterSchema(type, overrides)).toBe(JSON.stringify(schema));
  });

  it("writes required at the root in field order, leaves it out when none is, and keeps the root's own keywords", () => {
    const fields = [field("string", "b", { required: true }), field("string", "a"), field("string", "c", { required: true })];
    expect(JSON.stringify(schemaFromFields(fields).schema)).toBe(
      '{"type":"object","properties":{"b":{"type":"string"},"a":{"type":"string"},"c":{"type":"string"}},"required":["b","c"]}',
    );
    expect(schemaFromFields([field("string", "a")]).schema).toEqual({ type: "object", properties: { a: { type: "string" } } });
    const root: ObjectSchema = { type: "object", properties: { old: { type: "string" } }, required: ["old"], additionalProperties: false, title: "Search" };
    expect(JSON.stringify(schemaFromFields([], root).schema)).toBe('{"type":"object","title":"Search","properties":{},"additionalProperties":false}');
  });

  it("ignores required on an array's item field", () => {
    const items = field("object", "", { required: true, properties: [field("string", "a")] });
    expect(parameterSchema("array", { items })).toBe('{"type":"array","items":{"type":"object","properties":{"a":{"type":"string"}}}}');
  });
});

describe("schemaFromFields: text that cannot convert, and names that cannot be keys", () => {
  const at = "parameters.properties.p";
  const rows: { rule: string; type: ParameterType; overrides: Partial<ParameterField>; path: string; message: string }[] = [
    { rule: "a default that is not a number", type: "number", overrides: { defaultValue: "abc" }, path: `${at}.default`, message: 'must be a number such as 12 or 0.5, found "abc"' },
    { rule: "a number default in a non-JSON spelling", type: "number", overrides: { defaultValue: "0x10" }, path: `${at}.default`, message: 'must be a number such as 12 or 0.5, found "0x10"' },
    { rule: "a fractional integer default", type: "integer", overrides: { defaultValue: "1.5" }, path: `${at}.default`, message: 'must be a whole number such as 12, found "1.5"' },
    { rule: "a boolean default that is not true/false", type: "boolean", overrides: { defaultValue: "yes" }, path: `${at}.default`, message: 'must be true or false, found "yes"' },
    { rule: "an object default that is a list", type: "object", overrides: { defaultValue: "[1]" }, path: `${at}.default`, message: 'must be a JSON object such as {"key": "value"}, found "[1]"' },
    { rule: "an array default that is not JSON", type: "array", overrides: { defaultValue: "a, b" }, path: `${at}.default`, message: 'must be a JSON list such as ["a", "b"], found "a, b"' },
    { rule: "an integer enum value that is text", type: "integer", overrides: { enumValues: ["1", "x"] }, path: `${at}.enum`, message: 'each allowed value must be a whole number such as 12, found "x"' },
    { rule: "a number enum value left blank", type: "number", overrides: { enumValues: [""] }, path: `${at}.enum`, message: 'each allowed value must be a number such as 12 or 0.5, found ""' },
    { rule: "a boolean enum value", type: "boolean", overrides: { enumValues: ["TRUE"] }, path: `${at}.enum`, message: 'each allowed value must be true or false, found "TRUE"' },
    { rule: "a negative maxLength", type: "string", overrides: { constraints: { maxLength: "-1" } }, path: `${at}.maxLength`, message: 'must be a whole number, 0 or more, found "-1"' },
    { rule: "a fractional minLength", type: "string", overrides: { constraints: { minLength: "1.5" } }, path: `${at}.minLength`, message: 'must be a whole number, 0 or more, found "1.5"' },
    { rule: "a minimum that is not a number", type: "number", overrides: { constraints: { minimum: "low" } }, path: `${at}.minimum`, message: 'must be a number such as 12 or 0.5, found "low"' },
    { rule: "an exclusiveMaximum that is not a number", type: "integer", overrides: { constraints: { exclusiveMaximum: "ten" } }, path: `${at}.exclusiveMaximum`, message: 'must be a number such as 12 or 0.5, found "ten"' },
    { rule: "a multipleOf of 0", type: "number", overrides: { constraints: { multipleOf: "0" } }, path: `${at}.multipleOf`, message: 'must be a number greater than 0, found "0"' },
    { rule: "a maxItems that is not a count", type: "array", overrides: { constraints: { maxItems: "many" } }, path: `${at}.maxItems`, message: 'must be a whole number, 0 or more, found "many"' },
    { rule: "uniqueItems that is not true/false", type: "array", overrides: { constraints: { uniqueItems: "yes" } }, path: `${at}.uniqueItems`, message: 'must be true or false, found "yes"' },
  ];

  it.each(rows)("reports $rule at its path and leaves the keyword out", ({ type, overrides, path, message }) => {
    const { schema, issues } = schemaFromFields([field(type, "p", overrides)]);
    expect(issues).toEqual([{ path, message }]);
    const keyword = path.slice(at.length + 1);
    expect(schema.properties.p).not.toHaveProperty(keyword);
  });

  it("reports problems deep inside arrays of objects at the validator's path", () => {
    const sku = field("number", "sku", { defaultValue: "abc" });
    const items = field("array", "items", { items: field("object", "", { properties: [sku] }) });
    expect(schemaFromFields([items]).issues).toEqual([
      { path: "parameters.properties.items.items.properties.sku.default", message: 'must be a number such as 12 or 0.5, found "abc"' },
    ]);
  });

  it("reports a blank name by position and a repeated one by name, leaving both out (and still checks inside them)", () => {
    const fields = [field("string", "city"), field("integer", "  ", { defaultValue: "x" }), field("string", "city"), field("object", "", { properties: [field("string", "")] })];
    const { schema, issues } = schemaFromFields(fields);
    expect(issues).toEqual([
      { path: "parameters.properties.#2", message: "needs a name: the model sends this value under it" },
      { path: "parameters.properties.#2.default", message: 'must be a whole number such as 12, found "x"' },
      { path: "parameters.properties.city", message: '"city" is declared twice: each property needs its own name' },
      { path: "parameters.properties.#4", message: "needs a name: the model sends this value under it" },
      { path: "parameters.properties.#4.properties.#1", message: "needs a name: the model sends this value under it" },
    ]);
    expect(schema).toEqual({ type: "object", properties: { city: { type: "string" } } });
  });
});

describe("fieldsFromSchema: what the form shows and what it keeps aside", () => {
  it("reads each keyword into the field as text", () => {
    const schema: ObjectSchema = {
      type: "object",
      properties: {
        qty: { type: "integer", description: "How many", enum: [1, 2], default: 1, minimum: 1, multipleOf: 1 },
        lines: { type: "array", items: { type: "object", properties: { sku: { type: "string", maxLength: 8 } }, required: ["sku"] }, uniqueItems: false },
      },
      required: ["lines"],
    };
    const [qty, lines] = fieldsFromSchema(schema);
    expect(qty).toMatchObject({ name: "qty", type: "integer", description: "How many", required: false, enumValues: ["1", "2"], defaultValue: "1", constraints: { minimum: "1", multipleOf: "1" }, items: null, properties: [], extra: {} });
    expect(lines).toMatchObject({ name: "lines", type: "array", required: true, constraints: { uniqueItems: "false" }, extra: {} });
    expect(lines?.items).toMatchObject({ name: "", type: "object", properties: [{ name: "sku", required: true, constraints: { maxLength: "8" } }] });
  });

  const aside: { rule: string; schema: Record<string, unknown>; extra: Record<string, unknown> }[] = [
    { rule: "keywords the form does not edit", schema: { type: "string", title: "T", const: "x", examples: ["x"] }, extra: { title: "T", const: "x", examples: ["x"] } },
    { rule: "an empty description", schema: { type: "string", description: "" }, extra: { description: "" } },
    { rule: "an empty string default", schema: { type: "string", default: "" }, extra: { default: "" } },
    { rule: "a default of another type", schema: { type: "integer", default: "1" }, extra: { default: "1" } },
    { rule: "a fractional integer enum value", schema: { type: "integer", enum: [1, 1.5] }, extra: { enum: [1, 1.5] } },
    { rule: "a constraint of another type", schema: { type: "string", minimum: 3 }, extra: { minimum: 3 } },
    { rule: "a constraint value the form cannot show", schema: { type: "string", maxLength: 2.5, pattern: "" }, extra: { maxLength: 2.5, pattern: "" } },
    { rule: "additionalProperties", schema: { type: "object", properties: {}, additionalProperties: false }, extra: { additionalProperties: false } },
  ];

  it.each(aside)("keeps $rule in extra, and writes it back", ({ schema, extra }) => {
    const root: ObjectSchema = { type: "object", properties: { p: schema as ObjectSchema["properties"][string] } };
    const fields = fieldsFromSchema(root);
    expect(fields[0]?.extra).toEqual(extra);
    expect(schemaFromFields(fields).schema).toEqual(root);
  });

  it("gives every field in the tree its own key", () => {
    const schema: ObjectSchema = { type: "object", properties: { a: { type: "array", items: { type: "object", properties: { b: { type: "string" } } } }, c: { type: "string" } } };
    const keys: string[] = [];
    const collect = (fields: readonly ParameterField[]) => fields.forEach((one) => {
      keys.push(one.key);
      if (one.items) collect([one.items]);
      collect(one.properties);
    });
    collect([...fieldsFromSchema(schema), ...fieldsFromSchema(schema)]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
