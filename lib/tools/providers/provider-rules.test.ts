/**
 * The providers' published rules (test-support/provider-rules.ts), one table per provider: each
 * row breaks one rule and the checker must name it, so a variant that passes the checkers in the
 * other tests really meets that rule.
 */
import { describe, expect, it } from "vitest";
import type { AnthropicToolSpec, GeminiFunctionDeclaration, OpenAIToolSpec } from "./provider-specs";
import { anthropicRequestViolations, anthropicStrictViolations, geminiViolations, openaiPlainViolations, openaiStrictViolations } from "./test-support/provider-rules";

type Schema = Record<string, unknown>;
const closed = (properties: Record<string, Schema>): Schema => ({ type: "object", properties, required: Object.keys(properties), additionalProperties: false });
const openaiTool = (parameters: Schema, strict = true, name = "ok"): OpenAIToolSpec => ({ type: "function", function: { name, description: "d", parameters, strict } });
const deep = (levels: number): Schema => (levels === 0 ? { type: "string" } : closed({ a: deep(levels - 1) }));

describe("OpenAI's strict-mode rules", () => {
  it("accept a strict schema that follows them", () => {
    expect(openaiStrictViolations(openaiTool(closed({ id: { type: ["string", "null"], enum: ["a", null], format: "uuid" }, n: { type: "integer", minimum: 1 } })))).toEqual([]);
  });
  it.each<[string, OpenAIToolSpec, string]>([
    ["strict not set", openaiTool(closed({}), false), "strict must be true"],
    ["a bad name", openaiTool(closed({}), true, "a.b"), "name"],
    ["a root that is not an object", openaiTool({ type: "string" }), "the root must be an object"],
    ["an open object", openaiTool({ type: "object", properties: { a: { type: "string" } }, required: ["a"] }), "parameters: additionalProperties must be false"],
    ["an optional property", openaiTool({ ...closed({ a: { type: "string" } }), required: [] }), "parameters: every property must be required"],
    ["an unsupported keyword", openaiTool(closed({ a: { type: "string", minLength: 1 } })), "parameters.properties.a: minLength is not supported"],
    ["default", openaiTool(closed({ a: { type: "string", default: "x" } })), "parameters.properties.a: default is not supported"],
    ["an unsupported format", openaiTool(closed({ a: { type: "string", format: "uri" } })), "parameters.properties.a: format uri"],
    ["a type list other than [t, null]", openaiTool(closed({ a: { type: ["string", "integer"] } })), 'parameters.properties.a: type ["string","integer"]'],
    ["an array without items", openaiTool(closed({ a: { type: "array" } })), "parameters.properties.a: items must be one schema"],
    ["11 levels of objects", openaiTool(deep(11)), "more than 10 levels of nested objects"],
    ["1,001 enum values", openaiTool(closed({ a: { type: "string", enum: Array.from({ length: 1001 }, (_, i) => `v${i}`) } })), "more than 1,000 enum values"],
    ["5,001 properties", openaiTool(closed(Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: "string" }])))), "more than 5,000 properties"],
    ["a long large enum", openaiTool(closed({ a: { type: "string", enum: Array.from({ length: 251 }, (_, i) => `${"x".repeat(60)}${i}`) } })), "parameters.properties.a: a large enum over 15,000 characters"],
  ])("catch %s", (_label, spec, rule) => {
    expect(openaiStrictViolations(spec)).toContain(rule);
  });
  it("catch an array without items when strict is off", () => {
    expect(openaiPlainViolations(openaiTool({ type: "object", properties: { a: { type: "array" } } }, false))).toEqual(["parameters.properties.a: an array needs items"]);
  });
});

describe("Anthropic's strict tool use rules", () => {
  const anthropicTool = (input_schema: Schema, name = "ok"): AnthropicToolSpec => ({ name, description: "d", input_schema, strict: true });
  it("accept a strict schema that follows them, optional properties included", () => {
    expect(anthropicStrictViolations(anthropicTool({ ...closed({ a: { type: "string", pattern: "^a", format: "uri" }, b: { type: "array", items: { type: "string" }, minItems: 1 } }), required: [] }))).toEqual([]);
  });
  it.each<[string, AnthropicToolSpec, string]>([
    ["a bad name", anthropicTool(closed({}), "a b"), "name"],
    ["an open object", anthropicTool({ type: "object", properties: {} }), "parameters: additionalProperties must be false"],
    ["minimum", anthropicTool(closed({ a: { type: "integer", minimum: 1 } })), "parameters.properties.a: minimum is not supported"],
    ["maxLength", anthropicTool(closed({ a: { type: "string", maxLength: 3 } })), "parameters.properties.a: maxLength is not supported"],
    ["minItems 2", anthropicTool(closed({ a: { type: "array", items: { type: "string" }, minItems: 2 } })), "parameters.properties.a: minItems other than 0 or 1"],
    ["a lookahead", anthropicTool(closed({ a: { type: "string", pattern: "^(?=a)" } })), "parameters.properties.a: pattern with lookaround, backreference or \\b"],
    ["a word boundary", anthropicTool(closed({ a: { type: "string", pattern: "\\bx" } })), "parameters.properties.a: pattern with lookaround, backreference or \\b"],
    ["an unsupported format", anthropicTool(closed({ a: { type: "string", format: "byte" } })), "parameters.properties.a: format byte"],
    ["an object enum value", anthropicTool(closed({ a: { type: "object", properties: {}, additionalProperties: false, required: [], enum: [{}] } })), "parameters.properties.a: complex enum values"],
  ])("catch %s", (_label, spec, rule) => {
    expect(anthropicStrictViolations(spec)).toContain(rule);
  });
  it("catch a request over its strict budget", () => {
    const tool = (optional: number): AnthropicToolSpec => anthropicTool({ ...closed(Object.fromEntries(Array.from({ length: optional }, (_, i) => [`p${i}`, { type: "string" }]))), required: [] });
    expect(anthropicRequestViolations(Array.from({ length: 21 }, () => tool(0)))).toEqual(["more than 20 strict tools"]);
    expect(anthropicRequestViolations([tool(20), tool(5)])).toEqual(["more than 24 optional parameters"]);
    expect(anthropicRequestViolations([tool(20), tool(4)])).toEqual([]);
  });
});

describe("Gemini's function declaration rules", () => {
  const declaration = (parameters: Schema, name = "ok"): GeminiFunctionDeclaration => ({ name, description: "d", parameters });
  it("accept a declaration in its subset", () => {
    expect(geminiViolations(declaration({ type: "object", properties: { a: { type: "string", format: "date-time", enum: ["x"], default: "x" } }, required: ["a"] }))).toEqual([]);
  });
  it.each<[string, GeminiFunctionDeclaration, string]>([
    ["a name starting with a digit", declaration({ type: "object", properties: { a: { type: "string" } } }, "1a"), "name"],
    ["additionalProperties", declaration({ type: "object", properties: { a: { type: "string" } }, additionalProperties: false }), "parameters: unknown field additionalProperties"],
    ["const", declaration({ type: "object", properties: { a: { type: "string", const: "x" } } }), "parameters.properties.a: unknown field const"],
    ["exclusiveMinimum", declaration({ type: "object", properties: { a: { type: "number", exclusiveMinimum: 0 } } }), "parameters.properties.a: unknown field exclusiveMinimum"],
    ["$schema", declaration({ $schema: "x", type: "object", properties: { a: { type: "string" } } }), "parameters: unknown field $schema"],
    ["a type list", declaration({ type: "object", properties: { a: { type: ["string", "null"] } } }), "parameters.properties.a: type must be one string"],
    ["a string format outside enum and date-time", declaration({ type: "object", properties: { a: { type: "string", format: "uri" } } }), "parameters.properties.a: format uri"],
    ["an integer enum", declaration({ type: "object", properties: { a: { type: "integer", enum: [1] } } }), "parameters.properties.a: enum on a integer"],
    ["an object without properties", declaration({ type: "object", properties: { a: { type: "object", properties: {} } } }), "parameters.properties.a: an object without properties"],
  ])("catch %s", (_label, spec, rule) => {
    expect(geminiViolations(spec)).toContain(rule);
  });
});
