import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalSchema } from "./canonical-schema";
import { parseToolDefinition, serializeToolDefinition } from "./definition";
import { formParameters, validDocument, withShuffledKeywords } from "./test-support/definition-arbitraries";
import { documentWith } from "./test-support/definition-fixtures";

/** The stored parameters of a document with `parameters`, as JSON text (bytes, so order counts). */
function storedParameters(parameters: unknown): string {
  const definition = parseToolDefinition(documentWith({ parameters, request: { url: "https://api.example.com/x" } }));
  return JSON.stringify(definition.parameters);
}

describe("canonical parameter schemas (SPEC §1.1)", () => {
  const rows: { rule: string; written: unknown; canonical: unknown }[] = [
    {
      rule: "keywords take the fixed order, properties keep theirs",
      written: { required: ["b"], properties: { b: { type: "string" }, a: { type: "integer" } }, type: "object" },
      canonical: { type: "object", properties: { b: { type: "string" }, a: { type: "integer" } }, required: ["b"] },
    },
    {
      rule: "every fixed keyword of a string",
      written: { maxLength: 9, minLength: 1, pattern: "^a", format: "email", default: "a@x", const: "a@x", enum: ["a@x"], description: "d", title: "t", type: "string" },
      canonical: { type: "string", title: "t", description: "d", enum: ["a@x"], const: "a@x", default: "a@x", format: "email", pattern: "^a", minLength: 1, maxLength: 9 },
    },
    {
      rule: "every fixed keyword of a number",
      written: { multipleOf: 2, exclusiveMaximum: 10, maximum: 9, exclusiveMinimum: 0, minimum: 1, type: "number" },
      canonical: { type: "number", minimum: 1, exclusiveMinimum: 0, maximum: 9, exclusiveMaximum: 10, multipleOf: 2 },
    },
    {
      rule: "every fixed keyword of an array, the items schema canonical too",
      written: { uniqueItems: true, maxItems: 3, minItems: 1, items: { maxLength: 2, type: "string" }, type: "array" },
      canonical: { type: "array", items: { type: "string", maxLength: 2 }, minItems: 1, maxItems: 3, uniqueItems: true },
    },
    {
      rule: "other keywords follow, by code unit (upper case before lower case)",
      written: { "x-b": 1, examples: ["a"], Zeta: true, $comment: "c", type: "string", "x-a": 2 },
      canonical: { type: "string", $comment: "c", Zeta: true, examples: ["a"], "x-a": 2, "x-b": 1 },
    },
    {
      rule: "data keywords keep their values verbatim (an object default keeps its key order)",
      written: { default: { z: 1, a: 2 }, type: "object", properties: {} },
      canonical: { type: "object", default: { z: 1, a: 2 }, properties: {} },
    },
    {
      rule: "an additionalProperties schema is canonical too",
      written: { additionalProperties: { minimum: 0, type: "integer" }, type: "object", properties: {} },
      canonical: { type: "object", properties: {}, additionalProperties: { type: "integer", minimum: 0 } },
    },
    {
      rule: "a nested object without properties gets an empty one",
      written: { type: "object", properties: { meta: { description: "m", type: "object" } } },
      canonical: { type: "object", properties: { meta: { type: "object", description: "m", properties: {} } } },
    },
    {
      rule: "required lists names in property order",
      written: { type: "object", properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } }, required: ["c", "a"] },
      canonical: { type: "object", properties: { a: { type: "string" }, b: { type: "string" }, c: { type: "string" } }, required: ["a", "c"] },
    },
    {
      rule: "an empty required is left out",
      written: { type: "object", properties: { a: { type: "object", properties: {}, required: [] } }, required: [] },
      canonical: { type: "object", properties: { a: { type: "object", properties: {} } } },
    },
    {
      rule: "deep nesting: objects in arrays in objects",
      written: { type: "object", properties: { lines: { items: { required: ["sku"], properties: { sku: { enum: ["a"], type: "string" } }, type: "object" }, type: "array" } } },
      canonical: { type: "object", properties: { lines: { type: "array", items: { type: "object", properties: { sku: { type: "string", enum: ["a"] } }, required: ["sku"] } } } },
    },
  ];

  /** A root schema as it is; any other as the one parameter `p` of a canonical root. */
  const asParameters = (schema: unknown) => ((schema as { type: string }).type === "object" ? schema : { type: "object", properties: { p: schema } });

  it.each(rows)("$rule", ({ written, canonical }) => {
    expect(storedParameters(asParameters(written))).toBe(JSON.stringify(asParameters(canonical)));
  });

  it("lifts the flat sugar to the same canonical form as the JSON Schema it stands for", () => {
    const flat = [{ description: "some numbers", type: "array:number", name: "values", required: true }];
    const schema = { required: ["values"], properties: { values: { items: { type: "number" }, description: "some numbers", type: "array" } }, type: "object" };
    expect(storedParameters(flat)).toBe(storedParameters(schema));
    expect(storedParameters(flat)).toBe('{"type":"object","properties":{"values":{"type":"array","description":"some numbers","items":{"type":"number"}}},"required":["values"]}');
  });

  it("leaves undeclared or repeated required names in place for the validator to report", () => {
    const schema = { type: "object", properties: { a: {}, b: {} }, required: ["x", "b", "a", "b"] };
    expect(canonicalSchema(schema).required).toEqual(["a", "b", "b", "x"]);
  });

  it("passes anything that is not a schema object through untouched", () => {
    for (const value of [null, true, 3, "s", [{ type: "string" }]]) expect(canonicalSchema(value)).toBe(value);
  });
});

describe("canonical parameter schemas on open-ended input", () => {
  it("is idempotent", () => {
    fc.assert(fc.property(formParameters, (schema) => {
      const once = canonicalSchema(schema);
      expect(JSON.stringify(canonicalSchema(once))).toBe(JSON.stringify(once));
    }), { numRuns: 200 });
  });

  it("serialises a definition to the same bytes whatever the keyword order of each schema object", () => {
    const shuffled = validDocument
      .filter((document) => !Array.isArray(document.parameters))
      .chain((document) => withShuffledKeywords(document.parameters).map((parameters) => ({ document, reordered: { ...document, parameters } })));
    fc.assert(fc.property(shuffled, ({ document, reordered }) => {
      expect(serializeToolDefinition(parseToolDefinition(reordered))).toBe(serializeToolDefinition(parseToolDefinition(document)));
    }), { numRuns: 300 });
  });
});
