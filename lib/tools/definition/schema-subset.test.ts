import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors";
import { parseToolDefinition } from "./definition";
import { parseParameterSchema } from "./schema-subset";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

/**
 * SPEC §1.3's forbidden keywords, written out here rather than read from the implementation, so a
 * keyword dropped from the code fails its rows instead of silently losing them.
 */
const SPEC_FORBIDDEN_KEYWORDS = [
  "oneOf", "anyOf", "allOf", "not", "$ref", "if", "then", "else", "patternProperties", "dependencies",
  "dependentSchemas", "propertyNames", "unevaluatedProperties", "$defs", "definitions",
];

/** A valid document around `parameters`, with a URL that uses no placeholder. */
function withParameters(parameters: unknown): Record<string, unknown> {
  return documentWith({ parameters, request: { url: "https://api.example.com/x" } });
}

function objectOf(properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: "object", properties, ...extra };
}

function messagesAt(input: unknown, path: string): string[] {
  return problemsOf(input).filter((issue) => issue.path === path).map((issue) => issue.message);
}

describe("safe subset: forbidden keywords at any depth (SPEC §1.3)", () => {
  const placements = [
    { where: "root", schema: (keyword: string) => objectOf({}, { [keyword]: [] }), path: "parameters", pointer: "" },
    {
      where: "nested property",
      schema: (keyword: string) => objectOf({ city: { type: "string", [keyword]: {} } }),
      path: "parameters.properties.city",
      pointer: "/properties/city",
    },
    {
      where: "items",
      schema: (keyword: string) => objectOf({ list: { type: "array", items: { type: "string", [keyword]: {} } } }),
      path: "parameters.properties.list.items",
      pointer: "/properties/list/items",
    },
    {
      where: "deep inside objects and arrays",
      schema: (keyword: string) =>
        objectOf({ a: objectOf({ b: { type: "array", items: objectOf({ c: { type: "integer", [keyword]: true } }) } }) }),
      path: "parameters.properties.a.properties.b.items.properties.c",
      pointer: "/properties/a/properties/b/items/properties/c",
    },
  ];
  const rows = SPEC_FORBIDDEN_KEYWORDS.flatMap((keyword) => placements.map((placement) => ({ keyword, ...placement })));

  it.each(rows)("refuses $keyword at $where with its path and JSON pointer", ({ keyword, schema, path, pointer }) => {
    expect(messagesAt(withParameters(schema(keyword)), `${path}.${keyword}`)).toEqual([
      `"${keyword}" is not allowed (at ${pointer}/${keyword}): not every model provider supports it; describe the value with one type and plain keywords instead`,
    ]);
  });

  it("reports every occurrence, not just the first", () => {
    const schema = objectOf({ a: { type: "string", anyOf: [] }, b: { type: "string", $ref: "#/x" } }, { $defs: {} });
    expect(problemsOf(withParameters(schema)).map((issue) => issue.path)).toEqual([
      "parameters.properties.a.anyOf",
      "parameters.properties.b.$ref",
      "parameters.$defs",
    ]);
  });

  it("finds them hidden inside keywords the subset does not interpret", () => {
    const schema = objectOf({ a: { type: "string", "x-meta": { nested: [{ oneOf: [] }] } } });
    expect(problemsOf(withParameters(schema)).map((issue) => issue.path)).toEqual(["parameters.properties.a.x-meta.nested.0.oneOf"]);
  });

  it("escapes the JSON pointer (RFC 6901)", () => {
    const schema = objectOf({ outer: objectOf({ "a/b~c": { type: "string", not: {} } }) });
    expect(problemsOf(withParameters(schema))[0]?.message).toContain("(at /properties/outer/properties/a~1b~0c/not)");
  });

  it("does not mistake property names or data values for keywords", () => {
    const schema = objectOf({
      if: { type: "string", default: "x", enum: ["then", "else"] },
      options: objectOf({ not: { type: "boolean" }, then: { type: "string" } }, { default: { oneOf: 1 }, examples: [{ $ref: "x" }] }),
    });
    expect(parseToolDefinition(withParameters(schema)).parameters).toEqual(schema);
  });
});

describe("safe subset: types, items, required, names (SPEC §1.3)", () => {
  const refused: { rule: string; parameters: unknown; path: string; message: RegExp }[] = [
    { rule: "root must be an object schema", parameters: { type: "array", items: { type: "string" } }, path: "parameters.type", message: /root must be \{"type": "object"\}/ },
    { rule: "root needs a type", parameters: { properties: {} }, path: "parameters.type", message: /every schema needs a type/ },
    { rule: "parameters must be a schema or a list", parameters: "city", path: "parameters", message: /JSON Schema object .* or a flat list/ },
    { rule: "a property needs a type", parameters: objectOf({ city: { description: "x" } }), path: "parameters.properties.city.type", message: /every schema needs a type/ },
    { rule: "type arrays are refused", parameters: objectOf({ city: { type: ["string", "null"] } }), path: "parameters.properties.city.type", message: /single type.*list of types/ },
    { rule: "type null is not among the six", parameters: objectOf({ city: { type: "null" } }), path: "parameters.properties.city.type", message: /must be one of object, array, string, number, integer, boolean, found "null"/ },
    { rule: "type must be text", parameters: objectOf({ city: { type: 5 } }), path: "parameters.properties.city.type", message: /found a number/ },
    { rule: "items' type is checked", parameters: objectOf({ list: { type: "array", items: { type: ["string"] } } }), path: "parameters.properties.list.items.type", message: /single type/ },
    { rule: "an array declares items", parameters: objectOf({ items: { type: "array" } }), path: "parameters.properties.items.items", message: /an array must declare items/ },
    { rule: "a nested array declares items", parameters: objectOf({ grid: { type: "array", items: { type: "array" } } }), path: "parameters.properties.grid.items.items", message: /an array must declare items/ },
    { rule: "items is one schema, not a tuple", parameters: objectOf({ pair: { type: "array", items: [{ type: "string" }] } }), path: "parameters.properties.pair.items", message: /tuple/ },
    { rule: "items is a schema object", parameters: objectOf({ list: { type: "array", items: "string" } }), path: "parameters.properties.list.items", message: /must be a schema object/ },
    { rule: "a sub-schema is an object", parameters: objectOf({ city: "string" }), path: "parameters.properties.city", message: /must be a schema object such as \{"type": "string"\}, found a string/ },
    { rule: "properties is an object", parameters: { type: "object", properties: ["city"] }, path: "parameters.properties", message: /must be an object mapping each property name/ },
    { rule: "required names declared properties", parameters: objectOf({ city: { type: "string" } }, { required: ["town"] }), path: "parameters.required", message: /names "town", which is not a declared property/ },
    { rule: "nested required names declared properties", parameters: objectOf({ address: objectOf({ street: { type: "string" } }, { required: ["zip"] }) }), path: "parameters.properties.address.required", message: /names "zip"/ },
    { rule: "required is a list of names", parameters: objectOf({ city: { type: "string" } }, { required: "city" }), path: "parameters.required", message: /list of property names/ },
    { rule: "top-level names follow the name rule", parameters: objectOf({ "City-Name": { type: "string" } }), path: "parameters.properties.City-Name", message: /not a valid name.*also its placeholder/ },
    { rule: "top-level names start with a letter", parameters: objectOf({ _city: { type: "string" } }), path: "parameters.properties._city", message: /not a valid name/ },
    { rule: "additionalProperties as a schema is checked", parameters: objectOf({}, { additionalProperties: { type: "text" } }), path: "parameters.additionalProperties.type", message: /found "text"/ },
    { rule: "prefixItems is refused (draft-07 ignores it)", parameters: objectOf({ p: { type: "array", items: { type: "string" }, prefixItems: [{ type: "integer" }] } }), path: "parameters.properties.p.prefixItems", message: /draft-07, which ignores it, so the elements would go unchecked/ },
    { rule: "prefixItems is refused inside items too", parameters: objectOf({ grid: { type: "array", items: { type: "array", items: { type: "string" }, prefixItems: [] } } }), path: "parameters.properties.grid.items.prefixItems", message: /is not supported/ },
    { rule: "a pattern is a valid regular expression", parameters: objectOf({ code: { type: "string", pattern: "([a-z" } }), path: "parameters.properties.code.pattern", message: /not a valid regular expression/ },
    { rule: "a pattern runs on the linear-time engine", parameters: objectOf({ code: { type: "string", pattern: "^(?!admin).*$" } }), path: "parameters.properties.code.pattern", message: /cannot run.*linear time/ },
    { rule: "a pattern inside items is checked too", parameters: objectOf({ codes: { type: "array", items: { type: "string", pattern: "(a)\\1" } } }), path: "parameters.properties.codes.items.pattern", message: /cannot run/ },
    // One ajv instance compiles every tool: a repeated $id made compiling the second tool fail.
    { rule: "$id is refused at the root", parameters: objectOf({}, { $id: "https://example.com/order" }), path: "parameters.$id", message: /^"\$id" is not allowed \(at \/\$id\): each tool's parameters stand alone/ },
    { rule: "$id is refused in a property", parameters: objectOf({ city: { type: "string", $id: "#city" } }), path: "parameters.properties.city.$id", message: /stand alone/ },
    { rule: "$anchor is refused", parameters: objectOf({ city: { type: "string", $anchor: "city" } }), path: "parameters.properties.city.$anchor", message: /stand alone/ },
    { rule: "$dynamicAnchor is refused", parameters: objectOf({}, { $dynamicAnchor: "meta" }), path: "parameters.$dynamicAnchor", message: /stand alone/ },
    { rule: "keywords must be valid JSON Schema", parameters: objectOf({ n: { type: "integer", minimum: "5" } }), path: "parameters.properties.n.minimum", message: /must be number/ },
    { rule: "an unknown $schema dialect is refused", parameters: objectOf({}, { $schema: "https://example.com/my-dialect" }), path: "parameters.$schema", message: /remove \$schema/ },
    { rule: "keyword values are JSON", parameters: objectOf({ n: { type: "number", default: Number.NaN } }), path: "parameters.properties.n.default", message: /finite number/ },
  ];

  it.each(refused)("refuses: $rule → $path", ({ parameters, path, message }) => {
    expect(messagesAt(withParameters(parameters), path)).toContainEqual(expect.stringMatching(message));
  });

  it("allows any names below the top level (they are not placeholders)", () => {
    const schema = objectOf({ address: objectOf({ "Street-Name": { type: "string" } }) });
    expect(parseToolDefinition(withParameters(schema)).parameters).toEqual(schema);
  });

  it("keeps every other keyword as written, in canonical keyword order (SPEC §1.1)", () => {
    const schema = {
      title: "Search",
      type: "object",
      description: "what to search",
      properties: {
        query: { description: "text", type: "string", minLength: 1, maxLength: 200, pattern: "^[^<>]*$", format: "search" },
        limit: { type: "integer", minimum: 1, maximum: 50, default: 10 },
        sort: { type: "string", enum: ["asc", "desc"] },
        tags: { type: "array", items: { type: "string" }, uniqueItems: true, maxItems: 5 },
        filter: objectOf({ since: { type: "string", format: "date" } }, { additionalProperties: false }),
      },
      required: ["query"],
      additionalProperties: false,
    };
    const parsed = parseToolDefinition(withParameters(schema)).parameters;
    expect(JSON.stringify(parsed)).toBe(JSON.stringify({
      type: "object",
      title: "Search",
      description: "what to search",
      properties: {
        query: { type: "string", description: "text", format: "search", pattern: "^[^<>]*$", minLength: 1, maxLength: 200 },
        limit: { type: "integer", default: 10, minimum: 1, maximum: 50 },
        sort: { type: "string", enum: ["asc", "desc"] },
        tags: { type: "array", items: { type: "string" }, maxItems: 5, uniqueItems: true },
        filter: { type: "object", properties: { since: { type: "string", format: "date" } }, additionalProperties: false },
      },
      required: ["query"],
      additionalProperties: false,
    }));
  });

  it("gives a root without properties an empty one", () => {
    expect(parseToolDefinition(withParameters({ type: "object" })).parameters).toEqual({ type: "object", properties: {} });
  });

  it("accepts the draft-07 $schema that argument validation uses", () => {
    const schema = objectOf({}, { $schema: "http://json-schema.org/draft-07/schema#" });
    expect(parseToolDefinition(withParameters(schema)).parameters).toEqual(schema);
  });

  it("keeps a property named __proto__ as data, not as a prototype", () => {
    const schema = JSON.parse('{"type":"object","properties":{"outer":{"type":"object","properties":{"__proto__":{"type":"string"}}}}}');
    const parsed = parseToolDefinition(withParameters(schema)).parameters;
    expect(Object.keys(parsed.properties.outer!.properties as object)).toEqual(["__proto__"]);
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(schema));
  });

  it("refuses schemas nested past the depth bound instead of overflowing the stack", () => {
    let schema: Record<string, unknown> = { type: "string" };
    for (let level = 0; level < 5000; level++) schema = objectOf({ x: schema });
    const paths = problemsOf(withParameters(schema)).map((issue) => issue.path);
    expect(paths).toHaveLength(1);
    expect(problemsOf(withParameters(schema))[0]?.message).toMatch(/nested deeper than 64 levels/);
  });
});

describe("parseParameterSchema", () => {
  it("lifts the flat sugar to the canonical schema", () => {
    expect(parseParameterSchema([{ name: "city", type: "string", required: true }])).toEqual({
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    });
  });

  it("refuses a forbidden keyword with its path, like the whole definition would", () => {
    expect(() => parseParameterSchema({ type: "object", properties: { a: { type: "string", oneOf: [] } } })).toThrow(ValidationError);
    try {
      parseParameterSchema({ type: "object", properties: { a: { type: "string", oneOf: [] } } });
    } catch (error) {
      expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["parameters.properties.a.oneOf"]);
    }
  });
});
