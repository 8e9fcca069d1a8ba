import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "../definition";
import { dataTool } from "../execution";
import { referenceDocument } from "../definition/test-support/definition-fixtures";
import type { ObjectSchema } from "../types";
import { compatibilityReport } from "./compatibility";
import { definitionShape, isProviderFormat, PROVIDER_FORMATS, toProviderSpecs, type ToolShape } from "./provider-specs";

const orderParameters: ObjectSchema = {
  type: "object",
  properties: {
    order_id: { type: "string", description: "The order id.", pattern: "^[0-9]+$", format: "uuid" },
    units: { type: "string", enum: ["metric", "imperial"], default: "metric" },
    limit: { type: "integer", minimum: 1, exclusiveMinimum: 0, enum: [10, 20], $comment: "paging" },
    filters: {
      type: "object",
      properties: { status: { type: "string", const: "open" } },
      additionalProperties: false,
    },
    tags: { type: "array", items: { type: "string", format: "email" }, minItems: 1, uniqueItems: true },
  },
  required: ["order_id"],
  additionalProperties: false,
};

const lookup: ToolShape = { name: "lookup_order", description: "Look up an order.", parameters: orderParameters, sideEffect: false, origin: "data" };
const noParameters: ToolShape = {
  name: "ping",
  description: "Check the service.",
  parameters: { type: "object", properties: {} },
  sideEffect: true,
  origin: "code",
};

describe("toProviderSpecs", () => {
  it("emits the openai shape with the schema as written when strict is off", () => {
    expect(toProviderSpecs([lookup], "openai", { strict: false })).toEqual([
      { type: "function", function: { name: "lookup_order", description: "Look up an order.", parameters: orderParameters, strict: false } },
    ]);
  });

  it("emits the openai shape as strict by default, moving what strict mode does not take into descriptions", () => {
    const [spec] = toProviderSpecs([lookup], "openai");
    expect(spec?.function.strict).toBe(true);
    expect(spec?.function.parameters).toEqual({
      type: "object",
      properties: {
        order_id: { type: "string", description: "The order id.", pattern: "^[0-9]+$", format: "uuid" },
        units: { type: ["string", "null"], description: "Default: \"metric\".", enum: ["metric", "imperial", null] },
        limit: { type: ["integer", "null"], minimum: 1, exclusiveMinimum: 0, enum: [10, 20, null] },
        filters: { type: ["object", "null"], properties: { status: { type: ["string", "null"], enum: ["open", null] } }, required: ["status"], additionalProperties: false },
        tags: { type: ["array", "null"], description: "Items are unique.", minItems: 1, items: { type: "string", format: "email" } },
      },
      required: ["order_id", "units", "limit", "filters", "tags"],
      additionalProperties: false,
    });
  });

  it.each([
    ["anthropic", { name: "lookup_order", description: "Look up an order.", input_schema: orderParameters }],
    [
      "mcp",
      {
        name: "lookup_order",
        title: "Lookup order",
        description: "Look up an order.",
        inputSchema: orderParameters,
        annotations: { title: "Lookup order", readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      },
    ],
  ] as const)("emits the %s shape with the schema as written", (format, expected) => {
    expect(toProviderSpecs([lookup], format)).toEqual([expected]);
  });

  it("reduces the schema to Gemini's subset, rewriting const and moving what it does not take into descriptions", () => {
    expect(toProviderSpecs([lookup], "gemini")).toEqual([
      {
        name: "lookup_order",
        description: "Look up an order.",
        parameters: {
          type: "object",
          properties: {
            order_id: { type: "string", description: "The order id. Format: uuid.", pattern: "^[0-9]+$" },
            units: { type: "string", enum: ["metric", "imperial"], description: "Default: \"metric\"." },
            limit: { type: "integer", minimum: 1, description: "Greater than 0. One of: 10, 20." },
            filters: { type: "object", properties: { status: { type: "string", enum: ["open"] } } },
            tags: { type: "array", items: { type: "string", description: "Format: email." }, minItems: 1, description: "Items are unique." },
          },
          required: ["order_id"],
        },
      },
    ]);
  });

  it("keeps the formats Gemini documents for each type", () => {
    const parameters: ObjectSchema = {
      type: "object",
      properties: {
        at: { type: "string", format: "date-time" },
        ratio: { type: "number", format: "double" },
        count: { type: "integer", format: "int64" },
        day: { type: "string", format: "date" },
      },
    };
    const [declaration] = toProviderSpecs([{ ...lookup, parameters }], "gemini");
    expect(declaration?.parameters).toEqual({
      type: "object",
      properties: { at: { type: "string", format: "date-time" }, ratio: { type: "number", format: "double" }, count: { type: "integer", format: "int64" }, day: { type: "string", description: "Format: date." } },
    });
  });

  it("appends a moved default to an existing description", () => {
    const parameters: ObjectSchema = { type: "object", properties: { days: { type: "integer", description: "How many days.", default: 3 } } };
    const [declaration] = toProviderSpecs([{ ...lookup, parameters }], "gemini");
    expect(declaration?.parameters).toEqual({ type: "object", properties: { days: { type: "integer", description: "How many days. Default: 3." } } });
  });

  it.each([
    ["openai", { type: "function", function: { name: "ping", description: "Check the service.", parameters: { type: "object", properties: {}, required: [], additionalProperties: false }, strict: true } }],
    ["anthropic", { name: "ping", description: "Check the service.", input_schema: { type: "object", properties: {} } }],
    ["gemini", { name: "ping", description: "Check the service." }],
    [
      "mcp",
      {
        name: "ping",
        title: "Ping",
        description: "Check the service.",
        inputSchema: { type: "object", properties: {} },
        annotations: { title: "Ping", readOnlyHint: false, destructiveHint: true, openWorldHint: false },
      },
    ],
  ] as const)("emits a tool without parameters for %s", (format, expected) => {
    expect(toProviderSpecs([noParameters], format)).toEqual([expected]);
  });

  it.each(PROVIDER_FORMATS)("keeps the tools' order and hands out copies, never the tool's schema (%s)", (format) => {
    const before = structuredClone(orderParameters);
    const specs = toProviderSpecs([lookup, noParameters], format);
    expect(specs.map((spec) => JSON.stringify(spec).match(/"name":"(\w+)"/)?.[1])).toEqual(["lookup_order", "ping"]);
    const first = specs[0] as unknown as Record<string, Record<string, unknown>>;
    const schema = (first.function?.parameters ?? first.input_schema ?? first.inputSchema ?? first.parameters) as { properties: Record<string, unknown> };
    schema.properties.injected = { type: "string" };
    expect(orderParameters).toEqual(before);
  });

  it.each(PROVIDER_FORMATS)("previews a draft through definitionShape exactly as the bound tool is served (%s)", (format) => {
    const definition = parseToolDefinition({ ...referenceDocument(), side_effect: true });
    expect(definition.request.method).toBe("GET");
    expect(toProviderSpecs([definitionShape(definition)], format)).toEqual(toProviderSpecs([dataTool(definition)], format));
    expect(compatibilityReport(definitionShape(definition))[format]).toEqual(compatibilityReport(dataTool(definition))[format]);
  });

  it("gives a draft's side-effecting GET the served, non-destructive MCP hint", () => {
    const definition = parseToolDefinition({ ...referenceDocument(), side_effect: true });
    expect(toProviderSpecs([definitionShape(definition)], "mcp")[0]?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });

  it("refuses an unknown format", () => {
    expect(() => toProviderSpecs([lookup], "cohere" as never)).toThrow("Unknown tool format: cohere");
  });

  it.each([
    ["openai", true],
    ["mcp", true],
    ["OpenAI", false],
    ["", false],
    [undefined, false],
  ])("isProviderFormat(%s) is %s", (value, expected) => {
    expect(isProviderFormat(value)).toBe(expected);
  });
});
