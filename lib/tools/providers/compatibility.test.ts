import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema, ObjectSchema } from "../types";
import { compatibilityReport, type CompatibilityFinding } from "./compatibility";
import { PROVIDER_FORMATS, toProviderSpecs, type ProviderFormat, type ToolShape } from "./provider-specs";
import { schemasIn } from "./schema-walk";

/** A simple GET tool with one string parameter, as the editor writes it: the report has nothing to say. */
const lookup: ToolShape = {
  name: "lookup_order",
  description: "Look up an order by id.",
  parameters: { type: "object", properties: { order_id: { type: "string", description: "The order's id." } }, required: ["order_id"] },
  sideEffect: false,
  origin: "data",
  method: "GET",
};

function withProperty(name: string, schema: JsonSchema, required = true): ToolShape {
  return {
    ...lookup,
    parameters: {
      ...lookup.parameters,
      properties: { ...lookup.parameters.properties, [name]: schema },
      required: [...(lookup.parameters.required ?? []), ...(required ? [name] : [])],
    },
  };
}

function nested(depth: number): JsonSchema {
  return depth === 0 ? { type: "string" } : { type: "object", properties: { inner: nested(depth - 1) }, required: ["inner"] };
}

const closedObject = { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false } as const satisfies JsonSchema;
const manyOptional = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, { type: "string" as const }]));
const summary = (findings: readonly CompatibilityFinding[]) => findings.map(({ severity, path }) => ({ severity, path }));

describe("compatibilityReport", () => {
  // Each row is a tool every provider takes as written; most were remarks once (strict-mode wishes,
  // hints every tool gets), which buried the few that matter.
  it.each<[string, ToolShape]>([
    ["a GET tool with one required string", lookup],
    ["an optional string", withProperty("note", { type: "string" }, false)],
    ["length bounds and a pattern", withProperty("code", { type: "string", minLength: 2, maxLength: 8, pattern: "^(?=.*[0-9]).+$" })],
    ["a string enum", withProperty("status", { type: "string", enum: ["open", "closed"] })],
    ["number bounds", withProperty("qty", { type: "integer", minimum: 1, maximum: 99 })],
    ["a bounded list of strings", withProperty("ids", { type: "array", items: { type: "string" }, minItems: 2, maxItems: 5 })],
    ["an open nested object", withProperty("meta", { type: "object", properties: { a: { type: "string" } }, required: ["a"] })],
    ["11 levels of nested objects", withProperty("deep", nested(10))],
    ["over 1,000 enum values", withProperty("sku", { type: "string", enum: Array.from({ length: 1001 }, (_, i) => `s${i}`) })],
    ["25 optional parameters", { ...lookup, parameters: { type: "object", properties: manyOptional } }],
    ["no parameters at all", { ...lookup, parameters: { type: "object", properties: {} } }],
    ["a 1,024-character description", { ...lookup, description: "x".repeat(1024) }],
    ["a read-only POST", { ...lookup, method: "POST" }],
    ["a read-only code tool", { ...lookup, origin: "code", method: undefined }],
  ])("works as written with every provider: %s", (_label, tool) => {
    expect(compatibilityReport(tool)).toEqual({ openai: [], anthropic: [], gemini: [], mcp: [] });
  });

  it.each<[ProviderFormat, string, ToolShape, CompatibilityFinding["severity"], string]>([
    // OpenAI
    ["openai", "a dotted name", { ...lookup, name: "orders.lookup" }, "refused", "name"],
    ["openai", "a description over 1,024 characters", { ...lookup, description: "x".repeat(1025) }, "refused", "description"],
    ["openai", "an array without items", withProperty("ids", { type: "array" }), "refused", "parameters.properties.ids"],
    // Anthropic
    ["anthropic", "a name with a space", { ...lookup, name: "lookup order" }, "refused", "name"],
    // Gemini
    ["gemini", "a name starting with a digit", { ...lookup, name: "2fa_check" }, "refused", "name"],
    ["gemini", "a name over 64 characters", { ...lookup, name: `a${"b".repeat(64)}` }, "refused", "name"],
    ["gemini", "a parameter name with a dash", withProperty("order-ref", { type: "string" }), "refused", "parameters.properties.order-ref"],
    ["gemini", "a nested object without properties", withProperty("meta", { type: "object", properties: {} }), "refused", "parameters.properties.meta"],
    ["gemini", "a tuple of items (what is removed inside it is no second remark)", withProperty("pair", { type: "array", items: [{ type: "string" }] } as unknown as JsonSchema), "refused", "parameters.properties.pair"],
    ["gemini", "a default", withProperty("units", { type: "string", default: "metric" }), "changed", "parameters.properties.units.default"],
    ["gemini", "additionalProperties", withProperty("meta", closedObject), "changed", "parameters.properties.meta.additionalProperties"],
    ["gemini", "const", withProperty("kind", { type: "string", const: "order" }), "changed", "parameters.properties.kind.const"],
    ["gemini", "exclusiveMinimum", withProperty("qty", { type: "number", exclusiveMinimum: 0 }), "changed", "parameters.properties.qty.exclusiveMinimum"],
    ["gemini", "$comment", withProperty("qty", { type: "number", $comment: "internal" }), "changed", "parameters.properties.qty.$comment"],
    ["gemini", "an unsupported string format", withProperty("site", { type: "string", format: "uri" }), "changed", "parameters.properties.site.format"],
    ["gemini", "an integer enum", withProperty("size", { type: "integer", enum: [1, 2] }), "changed", "parameters.properties.size.enum"],
    // MCP
    ["mcp", "a name with a space", { ...lookup, name: "lookup order" }, "note", "name"],
    ["mcp", "a POST with side effects", { ...lookup, method: "POST", sideEffect: true }, "note", "sideEffect"],
    ["mcp", "a GET with side effects", { ...lookup, sideEffect: true }, "note", "sideEffect"],
  ])("%s: reports %s", (provider, _label, tool, severity, path) => {
    const report = compatibilityReport(tool);
    expect(summary(report[provider])).toEqual([{ severity, path }]);
    for (const format of PROVIDER_FORMATS) for (const finding of report[format]) expect(finding.provider).toBe(format);
  });

  it.each<[ProviderFormat, string, ToolShape, CompatibilityFinding["severity"], string]>([
    ["gemini", "a dotted name", { ...lookup, name: "orders.lookup" }, "refused", "name"],
    ["mcp", "a dotted name", { ...lookup, name: "orders.lookup" }, "note", "name"],
    ["gemini", "a string enum", withProperty("status", { type: "string", enum: ["open"] }), "changed", "parameters.properties.status.enum"],
    ["gemini", "a date-time format", withProperty("at", { type: "string", format: "date-time" }), "changed", "parameters.properties.at.format"],
    [
      "gemini",
      "an object sub-schema Gemini never sees",
      withProperty("labels", { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "object" } }),
      "refused",
      "parameters.properties.labels.additionalProperties",
    ],
  ])("%s: does not report %s", (provider, _label, tool, severity, path) => {
    expect(summary(compatibilityReport(tool)[provider])).not.toContainEqual({ severity, path });
  });
});

/** Open-ended schemas: any mix of types and of the keywords the safe subset keeps as written. */
const keywordPool = {
  default: fc.oneof(fc.string(), fc.integer()),
  format: fc.constantFrom("date-time", "date", "email", "uri", "float", "int32"),
  minimum: fc.integer(),
  exclusiveMinimum: fc.integer(),
  $comment: fc.string(),
  const: fc.string(),
  minLength: fc.nat(5),
  pattern: fc.constantFrom("^a", "b$"),
  examples: fc.array(fc.string(), { maxLength: 2 }),
  title: fc.string(),
  description: fc.string(),
};
const extras = fc.record(keywordPool, { requiredKeys: [] });
const scalar = fc.tuple(fc.constantFrom("string", "number", "integer", "boolean"), extras).map(([type, more]) => ({ ...more, type }));
const { schema } = fc.letrec<{ schema: Record<string, unknown> }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.tuple(tie("schema"), extras).map(([items, more]) => ({ ...more, type: "array", items })),
    fc
      .tuple(fc.dictionary(fc.constantFrom("a", "b", "c_d", "e"), tie("schema"), { maxKeys: 3 }), fc.boolean(), extras)
      .map(([properties, closed, more]) => ({ ...more, type: "object", properties, ...(closed ? { additionalProperties: false } : {}) })),
  ),
}));
const rootSchema = fc
  .dictionary(fc.constantFrom("x", "y", "z_1"), schema, { minKeys: 1, maxKeys: 3 })
  .map((properties) => ({ type: "object", properties }) as ObjectSchema);

const GEMINI_KEYWORDS = new Set([
  "type", "format", "title", "description", "nullable", "enum", "required", "minItems", "maxItems", "minProperties",
  "maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum", "example", "propertyOrdering", "properties", "items",
]);

function valueAt(root: unknown, path: string): unknown {
  return path
    .split(".")
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
}

describe("Gemini declarations, for any schema", () => {
  it("hold only keywords Gemini documents, and every change names a keyword that was there", () => {
    fc.assert(
      fc.property(rootSchema, (parameters) => {
        const tool: ToolShape = { ...lookup, parameters };
        const [declaration] = toProviderSpecs([tool], "gemini");
        for (const { schema: node } of schemasIn(declaration?.parameters ?? {})) {
          for (const keyword of Object.keys(node)) expect(GEMINI_KEYWORDS).toContain(keyword);
        }
        for (const finding of compatibilityReport(tool).gemini.filter((item) => item.severity === "changed")) {
          expect(valueAt(parameters, finding.path)).not.toBeUndefined();
          expect(valueAt(declaration?.parameters, finding.path)).toBeUndefined();
        }
      }),
      { numRuns: 100 },
    );
  });
});
