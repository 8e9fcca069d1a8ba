import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonSchema } from "../types";
import { compatibilityLines, compatibilityReport, type CompatibilityFinding } from "./compatibility";
import { PROVIDER_FORMATS, toProviderSpecs, type ProviderFormat, type ToolShape } from "./provider-specs";
import { rootSchemaArbitrary } from "./test-support/schema-arbitrary";

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
  // Each row is a tool every provider takes as written (OpenAI as strict); most were remarks once
  // (strict-mode wishes, hints every tool gets), which buried the few that matter.
  it.each<[string, ToolShape]>([
    ["a GET tool with one required string", lookup],
    ["an optional string", withProperty("note", { type: "string" }, false)],
    ["a string enum", withProperty("status", { type: "string", enum: ["open", "closed"] })],
    ["a pattern", withProperty("code", { type: "string", pattern: "^[A-Z]{2}[0-9]+$" })],
    ["number bounds", withProperty("qty", { type: "integer", minimum: 1, maximum: 99 })],
    ["a bounded list of strings", withProperty("ids", { type: "array", items: { type: "string" }, minItems: 2, maxItems: 5 })],
    ["an open nested object", withProperty("meta", { type: "object", properties: { a: { type: "string" } }, required: ["a"] })],
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

describe("compatibilityLines", () => {
  it("gives a simple tool one plain line per provider and nothing to fold out", () => {
    expect(compatibilityLines(lookup)).toEqual([
      { provider: "openai", verdict: "strict", reason: "Sent with strict: true.", findings: [] },
      { provider: "anthropic", verdict: "accepted", reason: "Sent as written; strict tool use is available on request (?strict=true).", findings: [] },
      { provider: "gemini", verdict: "accepted", reason: "Sent as written.", findings: [] },
      { provider: "mcp", verdict: "accepted", reason: "Sent as written.", findings: [] },
    ]);
  });

  it.each<[string, ToolShape, Record<string, [string, RegExp]>]>([
    [
      "length bounds and a lookahead-free pattern",
      withProperty("code", { type: "string", minLength: 2, maxLength: 8, pattern: "^[0-9]+$" }),
      { openai: ["strict", /^Sent with strict: true; 2 keywords OpenAI does not take are rewritten/], gemini: ["accepted", /^Sent as written\.$/] },
    ],
    [
      "11 levels of nested objects",
      withProperty("deep", nested(10)),
      { openai: ["accepted", /^Sent with strict: false: it nests objects more than 10 levels deep/], anthropic: ["accepted", /available on request/] },
    ],
    [
      "a free-form object",
      withProperty("meta", { type: "object", properties: {} }),
      {
        openai: ["accepted", /^Sent with strict: false: the object declares no properties/],
        anthropic: ["accepted", /strict tool use is not possible: the object declares no properties/],
        gemini: ["refused", /^Gemini refuses an object parameter without declared properties/],
      },
    ],
    ["a dotted name", { ...lookup, name: "orders.lookup" }, { openai: ["refused", /^OpenAI function names/], anthropic: ["refused", /^Anthropic tool names/], gemini: ["accepted", /^Sent as written\.$/] }],
    ["a default", withProperty("units", { type: "string", default: "metric" }), { openai: ["strict", /1 keyword OpenAI does not take is rewritten/], gemini: ["accepted", /1 keyword is rewritten/] }],
  ])("says what each provider makes of %s", (_label, tool, expected) => {
    const lines = compatibilityLines(tool);
    for (const [provider, [verdict, reason]] of Object.entries(expected)) {
      const line = lines.find((candidate) => candidate.provider === provider);
      expect(line?.verdict).toBe(verdict);
      expect(line?.reason).toMatch(reason);
    }
  });
});

describe("Gemini declarations, for any schema", () => {
  it("hold only what Gemini takes, and every change names a keyword that was there", () => {
    fc.assert(
      fc.property(rootSchemaArbitrary, (parameters) => {
        const tool: ToolShape = { ...lookup, parameters };
        const [declaration] = toProviderSpecs([tool], "gemini");
        for (const finding of compatibilityReport(tool).gemini.filter((item) => item.severity === "changed")) {
          expect(valueAt(parameters, finding.path)).not.toBeUndefined();
          expect(valueAt(declaration?.parameters, finding.path)).toBeUndefined();
        }
      }),
      { numRuns: 100 },
    );
  });
});

function valueAt(root: unknown, path: string): unknown {
  return path
    .split(".")
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);
}
