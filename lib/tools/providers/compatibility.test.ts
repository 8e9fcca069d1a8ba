import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema, ObjectSchema } from "../types";
import { compatibilityReport, type CompatibilityFinding } from "./compatibility";
import { toProviderSpecs, type ProviderFormat, type ToolShape } from "./provider-specs";
import { schemasIn } from "./schema-walk";

/** Every property required and additionalProperties false: what strict modes want. */
const strictClean: ToolShape = {
  name: "lookup_order",
  description: "Look up an order by id.",
  parameters: {
    type: "object",
    properties: { order_id: { type: "string", pattern: "^[0-9]+$" }, status: { type: "string", enum: ["open", "closed"] } },
    required: ["order_id", "status"],
    additionalProperties: false,
  },
  sideEffect: false,
  origin: "data",
};

function withProperty(name: string, schema: JsonSchema, required = true): ToolShape {
  return {
    ...strictClean,
    parameters: {
      ...strictClean.parameters,
      properties: { ...strictClean.parameters.properties, [name]: schema },
      required: [...(strictClean.parameters.required ?? []), ...(required ? [name] : [])],
    },
  };
}

function nested(depth: number): JsonSchema {
  return depth === 0
    ? { type: "string" }
    : { type: "object", properties: { inner: nested(depth - 1) }, required: ["inner"], additionalProperties: false };
}

const summary = (findings: readonly CompatibilityFinding[]) => findings.map(({ severity, path }) => ({ severity, path }));

describe("compatibilityReport", () => {
  it("finds only Gemini's dropped additionalProperties and the MCP side-effect note for a strict-clean tool", () => {
    const report = compatibilityReport(strictClean);
    expect(report).toMatchObject({ openai: [], anthropic: [] });
    expect(summary(report.gemini)).toEqual([{ severity: "changed", path: "parameters.additionalProperties" }]);
    expect(report.mcp).toEqual([
      { provider: "mcp", severity: "note", path: "sideEffect", message: "Announced as read-only (no side effects), and as reaching outside systems." },
    ]);
  });

  it.each<[string, ToolShape, ProviderFormat, CompatibilityFinding["severity"], string]>([
    // OpenAI
    ["a dotted name", { ...strictClean, name: "orders.lookup" }, "openai", "refused", "name"],
    ["a description over 1,024 characters", { ...strictClean, description: "x".repeat(1025) }, "openai", "refused", "description"],
    ["an array without items", withProperty("ids", { type: "array" }), "openai", "refused", "parameters.properties.ids"],
    ["an optional property (strict)", withProperty("note", { type: "string" }, false), "openai", "note", "parameters.properties.note"],
    ["an open object (strict)", withProperty("meta", { type: "object", properties: { a: { type: "string" } }, required: ["a"] }), "openai", "note", "parameters.properties.meta"],
    ["minLength (strict)", withProperty("code", { type: "string", minLength: 2 }), "openai", "note", "parameters.properties.code.minLength"],
    ["an unsupported format (strict)", withProperty("site", { type: "string", format: "uri" }), "openai", "note", "parameters.properties.site.format"],
    ["over 1,000 enum values (strict)", withProperty("sku", { type: "string", enum: Array.from({ length: 1000 }, (_, i) => `s${i}`) }), "openai", "note", "parameters"],
    ["more than 10 nested objects (strict)", withProperty("deep", nested(10)), "openai", "note", `parameters.properties.deep${".properties.inner".repeat(9)}`],
    // Anthropic
    ["a name with a space", { ...strictClean, name: "lookup order" }, "anthropic", "refused", "name"],
    ["minimum (strict)", withProperty("qty", { type: "integer", minimum: 1 }), "anthropic", "note", "parameters.properties.qty.minimum"],
    ["maxItems (strict)", withProperty("ids", { type: "array", items: { type: "string" }, maxItems: 5 }), "anthropic", "note", "parameters.properties.ids.maxItems"],
    ["minItems above 1 (strict)", withProperty("ids", { type: "array", items: { type: "string" }, minItems: 2 }), "anthropic", "note", "parameters.properties.ids.minItems"],
    ["a lookahead pattern (strict)", withProperty("code", { type: "string", pattern: "^(?=.*[0-9]).+$" }), "anthropic", "note", "parameters.properties.code.pattern"],
    ["a backreference pattern (strict)", withProperty("code", { type: "string", pattern: "^(a)\\1$" }), "anthropic", "note", "parameters.properties.code.pattern"],
    ["an object enum value (strict)", withProperty("pick", { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false, enum: [{ a: "x" }] }), "anthropic", "note", "parameters.properties.pick.enum"],
    ["an open object (strict)", withProperty("meta", { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: true }), "anthropic", "note", "parameters.properties.meta"],
    // Gemini
    ["a name starting with a digit", { ...strictClean, name: "2fa_check" }, "gemini", "refused", "name"],
    ["a name over 64 characters", { ...strictClean, name: `a${"b".repeat(64)}` }, "gemini", "refused", "name"],
    ["a parameter name with a dash", withProperty("order-ref", { type: "string" }), "gemini", "refused", "parameters.properties.order-ref"],
    ["a nested object without properties", withProperty("meta", { type: "object", properties: {} }), "gemini", "refused", "parameters.properties.meta"],
    ["a tuple of items", withProperty("pair", { type: "array", items: [{ type: "string" }] } as unknown as JsonSchema), "gemini", "refused", "parameters.properties.pair"],
    ["a default", withProperty("units", { type: "string", default: "metric" }), "gemini", "changed", "parameters.properties.units.default"],
    ["additionalProperties", strictClean, "gemini", "changed", "parameters.additionalProperties"],
    ["const", withProperty("kind", { type: "string", const: "order" }), "gemini", "changed", "parameters.properties.kind.const"],
    ["exclusiveMinimum", withProperty("qty", { type: "number", exclusiveMinimum: 0 }), "gemini", "changed", "parameters.properties.qty.exclusiveMinimum"],
    ["$comment", withProperty("qty", { type: "number", $comment: "internal" }), "gemini", "changed", "parameters.properties.qty.$comment"],
    ["an unsupported string format", withProperty("site", { type: "string", format: "uri" }), "gemini", "changed", "parameters.properties.site.format"],
    ["an integer enum", withProperty("size", { type: "integer", enum: [1, 2] }), "gemini", "changed", "parameters.properties.size.enum"],
    ["no parameters at all", { ...strictClean, parameters: { type: "object", properties: {} } }, "gemini", "note", "parameters"],
    // MCP
    ["a name with a space", { ...strictClean, name: "lookup order" }, "mcp", "note", "name"],
  ])("reports %s for %s", (_label, tool, provider, severity, path) => {
    const findings = compatibilityReport(tool)[provider];
    expect(summary(findings)).toContainEqual({ severity, path });
    for (const finding of findings) expect(finding.provider).toBe(provider);
  });

  it.each<[string, ToolShape, ProviderFormat, CompatibilityFinding["severity"], string]>([
    ["a 1,024-character description", { ...strictClean, description: "x".repeat(1024) }, "openai", "refused", "description"],
    ["exactly 1,000 enum values", withProperty("sku", { type: "string", enum: Array.from({ length: 998 }, (_, i) => `s${i}`) }), "openai", "note", "parameters"],
    ["10 nested objects", withProperty("deep", nested(9)), "openai", "note", `parameters.properties.deep${".properties.inner".repeat(8)}`],
    ["a supported format", withProperty("mail", { type: "string", format: "email" }), "openai", "note", "parameters.properties.mail.format"],
    ["minItems of 1", withProperty("ids", { type: "array", items: { type: "string" }, minItems: 1 }), "anthropic", "note", "parameters.properties.ids.minItems"],
    ["a plain pattern", strictClean, "anthropic", "note", "parameters.properties.order_id.pattern"],
    ["a dotted name", { ...strictClean, name: "orders.lookup" }, "gemini", "refused", "name"],
    ["an object sub-schema Gemini never sees", withProperty("labels", { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "object" } }), "gemini", "refused", "parameters.properties.labels.additionalProperties"],
    ["a string enum", strictClean, "gemini", "changed", "parameters.properties.status.enum"],
  ])("does not report %s", (_label, tool, provider, severity, path) => {
    expect(summary(compatibilityReport(tool)[provider])).not.toContainEqual({ severity, path });
  });

  it("counts optional parameters for Anthropic strict mode", () => {
    const properties = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`p${i}`, { type: "string" as const }]));
    const tool = { ...strictClean, parameters: { type: "object" as const, properties, additionalProperties: false } };
    expect(summary(compatibilityReport(tool).anthropic)).toEqual([{ severity: "note", path: "parameters" }]);
    const fewer = { ...tool, parameters: { ...tool.parameters, required: ["p0"] } };
    expect(compatibilityReport(fewer).anthropic).toEqual([]);
  });

  it("describes a side-effecting code tool to MCP clients", () => {
    const [note] = compatibilityReport({ ...strictClean, sideEffect: true, origin: "code" }).mcp;
    expect(note?.message).toBe("Announced as possibly destructive (it has side effects), so clients may ask before calling it, and as working locally.");
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
        const tool: ToolShape = { ...strictClean, parameters };
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
