import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROVIDER_FORMATS, toProviderSpecs, type ToolShape } from "../providers";
import type { JsonSchema, ObjectSchema } from "../types";
import { CLIENT_TOOL_LIMITS, contextBudget, MOST_EXPENSIVE_COUNT, toolCost, type SpecLists } from "./context-budget";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { formatFunctionDefinitions, FUNCTION_DEFINITION_TOKEN_OVERHEAD, SYSTEM_FUNCTION_TOKEN_DEDUCTION } from "gpt-tokenizer/functionCalling";
import { ANTHROPIC_TOOL_SYSTEM_PROMPT_TOKENS, o200kTokens, openaiFunction, openaiToolTokens } from "./token-count";

const tool = (name: string, description: string, properties: Record<string, JsonSchema> = {}): ToolShape => ({
  name,
  description,
  parameters: { type: "object", properties } as ObjectSchema,
  sideEffect: false,
  origin: "data",
  method: "GET",
});

const listsOf = (tools: readonly ToolShape[]): SpecLists =>
  Object.fromEntries(PROVIDER_FORMATS.map((format) => [format, toProviderSpecs(tools, format)])) as unknown as SpecLists;

describe("o200k_base counts", () => {
  it("counts a known string as tiktoken's o200k_base does", () => {
    // tiktoken: o200k_base.encode("Hello, world!") == [13225, 11, 2375, 0]
    expect(o200kTokens("Hello, world!")).toBe(4);
    expect(o200kTokens("")).toBe(0);
  });

  it("counts special-token text as text instead of refusing it", () => {
    expect(o200kTokens("stop at <|endoftext|> here")).toBeGreaterThan(3);
  });

  it("reproduces the tool tokens OpenAI's API reported for the cookbook's weather example on gpt-4o", () => {
    // The cookbook: 101 prompt tokens with the tool, of which its two messages are 33.
    const weather = {
      type: "function",
      function: {
        name: "get_current_weather",
        description: "Get the current weather in a given location",
        parameters: {
          type: "object",
          properties: {
            location: { type: "string", description: "The city and state, e.g. San Francisco, CA" },
            unit: { type: "string", description: "The unit of temperature to return", enum: ["celsius", "fahrenheit"] },
          },
          required: ["location"],
        },
      },
    };
    const { name, description, parameters } = weather.function;
    const otherFormats = { name, description, input_schema: parameters };
    expect(contextBudget({ openai: [weather], anthropic: [otherFormats], gemini: [otherFormats], mcp: [otherFormats] }).providers.openai.tokens).toBe(101 - 33);
  });

  it("counts the Responses API's flat function shape like the Chat Completions one", () => {
    const [spec] = toProviderSpecs([tool("get_order", "Fetch one order.", { id: { type: "string" } })], "openai");
    expect(openaiToolTokens({ type: "function", ...spec!.function })).toBe(openaiToolTokens(spec));
  });
});

describe("what makes a tool expensive", () => {
  const nested = (depth: number): JsonSchema =>
    depth === 0 ? { type: "string" } : { type: "object", properties: { inner: nested(depth - 1), other: { type: "integer" } } };
  const manyEnum = { type: "string", enum: Array.from({ length: 60 }, (_, index) => `status_value_${index}`) } as JsonSchema;
  const flat = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`field_${index}`, { type: "string" } as JsonSchema]));

  it.each([
    ["a long description", tool("describe", "Finds the order. ".repeat(80), { id: { type: "string" } }), "description", /^long description \(\d+ of \d+ tokens\)$/],
    ["a large enum", tool("filter", "Filter.", { status: manyEnum }), "enums", /^large enums \(60 values, \d+ tokens\)$/],
    ["deep nesting", tool("deep", "Deep.", { root: nested(4) }), "nesting", /^deep nesting \(5 levels, 9 properties\)$/],
    ["many flat parameters", tool("wide", "Wide.", flat), "parameters", /^many parameters \(30 properties, \d+ tokens\)$/],
    ["a few parameters", tool("narrow", "Get.", { order_id: { type: "string" }, units: { type: "string" } }), "parameters", /^its parameters \(2 properties, \d+ tokens\)$/],
  ])("%s is the reason", (_label, shape, driver, summary) => {
    const [openai, anthropic, gemini, mcp] = PROVIDER_FORMATS.map((format) => toProviderSpecs([shape], format)[0]);
    const cost = toolCost({ openai, anthropic, gemini, mcp });
    expect(cost.reason.driver).toBe(driver);
    expect(cost.reason.summary).toMatch(summary);
  });

  it("measures properties, depth and enums at every level", () => {
    const shape = tool("mixed", "Mixed.", { a: { type: "array", items: { type: "object", properties: { b: { type: "string", enum: ["x", "y"] } } } }, c: { type: "boolean" } });
    const [openai, anthropic, gemini, mcp] = PROVIDER_FORMATS.map((format) => toProviderSpecs([shape], format)[0]);
    expect(toolCost({ openai, anthropic, gemini, mcp }).reason).toMatchObject({ properties: 3, depth: 2, enumValues: 2 });
  });
});

describe("contextBudget", () => {
  it("costs nothing without tools and exceeds no limit", () => {
    const budget = contextBudget(listsOf([]));
    expect(budget.toolCount).toBe(0);
    for (const format of PROVIDER_FORMATS) expect(budget.providers[format]).toMatchObject({ tokens: 0, overhead: 0 });
    expect(budget.limits.every((limit) => !limit.exceeded)).toBe(true);
    expect(budget.mostExpensive).toEqual([]);
  });

  it("labels each provider's figure and adds each provider's fixed overhead once", () => {
    const tools = [tool("get_order", "Fetch one order.", { id: { type: "string", description: "The order id." } }), tool("ping", "Check the service.")];
    const budget = contextBudget(listsOf(tools));
    expect(PROVIDER_FORMATS.map((format) => budget.providers[format].measure)).toEqual(["counted", "estimated", "estimated", "client_decides"]);
    const perTool = (format: "anthropic" | "gemini" | "mcp") => budget.mostExpensive.reduce((sum, cost) => sum + cost.tokens[format], 0);
    expect(budget.providers.anthropic.tokens).toBe(perTool("anthropic") + ANTHROPIC_TOOL_SYSTEM_PROMPT_TOKENS);
    expect(budget.providers.anthropic.overhead).toBe(ANTHROPIC_TOOL_SYSTEM_PROMPT_TOKENS);
    expect(budget.providers.gemini.tokens).toBe(perTool("gemini"));
  });

  it("totals OpenAI's tools exactly as counting the whole rendered list does", () => {
    const property = fc.record({ type: fc.constantFrom("string", "integer", "boolean"), description: fc.option(fc.lorem({ maxCount: 6 }), { nil: undefined }) });
    const entries = fc.uniqueArray(
      fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/), description: fc.lorem({ maxCount: 20 }), properties: fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/), property, { maxKeys: 5 }) }),
      { selector: (entry) => entry.name, minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(entries, (drafts) => {
        const lists = listsOf(drafts.map(({ name, description, properties }) => tool(name, description, properties as Record<string, JsonSchema>)));
        const whole = countTokens(formatFunctionDefinitions(lists.openai.map(openaiFunction))) + FUNCTION_DEFINITION_TOKEN_OVERHEAD - SYSTEM_FUNCTION_TOKEN_DEDUCTION;
        expect(contextBudget(lists).providers.openai.tokens).toBe(whole);
      }),
      { numRuns: 60 },
    );
  });

  it("holds the tool count against every known client limit", () => {
    const tools = Array.from({ length: 129 }, (_, index) => tool(`tool_${String(index).padStart(3, "0")}`, "Does one thing."));
    const budget = contextBudget(listsOf(tools));
    expect(budget.toolCount).toBe(129);
    expect(budget.limits).toHaveLength(CLIENT_TOOL_LIMITS.length);
    expect(budget.limits.every((limit) => limit.exceeded)).toBe(true);
    expect(contextBudget(listsOf(tools.slice(0, 45))).limits.filter((limit) => limit.exceeded).map((limit) => limit.limit)).toEqual([40]);
  });

  it("refuses lists that do not hold the same tools", () => {
    const lists = listsOf([tool("a_tool", "A.")]);
    expect(() => contextBudget({ ...lists, mcp: [] })).toThrow(RangeError);
  });

  it("lists the ten dearest tools, dearest first, ties by name, whatever the catalogue's order", () => {
    const shapes = fc.uniqueArray(
      fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/), words: fc.integer({ min: 0, max: 40 }), fields: fc.integer({ min: 0, max: 6 }) }),
      { selector: (entry) => entry.name, minLength: 0, maxLength: 25 },
    );
    fc.assert(
      fc.property(shapes, (entries) => {
        const tools = entries.map(({ name, words, fields }) =>
          tool(name, "word ".repeat(words).trim(), Object.fromEntries(Array.from({ length: fields }, (_, index) => [`f${index}`, { type: "string" } as JsonSchema]))),
        );
        const top = contextBudget(listsOf(tools)).mostExpensive;
        expect(top).toHaveLength(Math.min(MOST_EXPENSIVE_COUNT, tools.length));
        for (let index = 1; index < top.length; index += 1) {
          const [before, after] = [top[index - 1]!, top[index]!];
          expect(before.tokens.openai > after.tokens.openai || (before.tokens.openai === after.tokens.openai && before.name < after.name)).toBe(true);
        }
        const reversed = contextBudget(listsOf([...tools].reverse())).mostExpensive;
        expect(reversed.map((cost) => cost.name)).toEqual(top.map((cost) => cost.name));
        const listed = new Set(top.map((cost) => cost.name));
        const cheapestListed = top.at(-1)?.tokens.openai ?? Infinity;
        for (const [index, shape] of tools.entries()) {
          if (listed.has(shape.name)) continue;
          const lists = listsOf(tools);
          const left = toolCost({ openai: lists.openai[index], anthropic: lists.anthropic[index], gemini: lists.gemini[index], mcp: lists.mcp[index] });
          expect(left.tokens.openai).toBeLessThanOrEqual(cheapestListed);
        }
      }),
      { numRuns: 60 },
    );
  });
});
