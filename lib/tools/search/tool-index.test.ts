import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineTool } from "../code";
import { json } from "../response";
import { anthropicDeferredSpecs, ANTHROPIC_TOOL_SEARCH_TOOL, hasNativeDeferredLoading, PROVIDER_FORMATS, toProviderSpecs } from "../providers";
import type { ObjectSchema } from "../types";
import { META_TOOLS, isMetaTool, metaTool } from "./meta-tools";
import { LABELLED_REQUESTS, searchCorpusTools } from "./test-support/search-corpus";
import { buildToolIndex, oneLine, stem, type IndexableTool } from "./tool-index";

const schema = (properties: Record<string, { type: "string" | "integer"; description?: string }> = {}): ObjectSchema => ({ type: "object", properties });

const tool = (name: string, description: string, extra: Partial<IndexableTool> = {}): IndexableTool => ({ name, description, parameters: schema(), ...extra });

describe("stem", () => {
  it.each([
    ["refunds", "refund"],
    ["refunded", "refund"],
    ["refunding", "refund"],
    ["Shipped", "ship"],
    ["invoices", "invoice"],
    ["boxes", "box"],
    ["searches", "search"],
    ["companies", "company"],
    ["addresses", "address"],
    ["called", "call"],
    ["status", "status"],
    ["analysis", "analysis"],
    ["sms", "sms"],
    ["e164", "e164"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});

describe("oneLine", () => {
  it.each([
    ["Refund a payment. Partial refunds take an amount.", "Refund a payment."],
    ["First line\nsecond line", "First line"],
    ["  No full stop  ", "No full stop"],
    ["x".repeat(200), `${"x".repeat(159)}…`],
  ])("%j → %j", (description, expected) => {
    expect(oneLine(description)).toBe(expected);
  });
});

describe("buildToolIndex: ranking", () => {
  const index = buildToolIndex([
    tool("get_order", "Get one order by id."),
    tool("create_refund", "Refund a captured payment back to the customer's card.", { tags: ["payments"] }),
    tool("list_refunds", "List refunds issued."),
    tool("send_sms", "Send a text message to a phone number.", { parameters: schema({ to: { type: "string", description: "Phone number in E.164 form" } }) }),
    tool("lookup_weather", "Current conditions.", { parameters: schema({ city_name: { type: "string" } }), group: "meteorology" }),
  ]);
  const names = (query: string, limit = 5) => index.search(query, limit).map((hit) => hit.name);

  it.each([
    ["a name's words, split from snake_case", "create refund", "create_refund"],
    ["a word of the description, stemmed", "refunding a payment", "create_refund"],
    ["a parameter's description", "E.164 phone", "send_sms"],
    ["a parameter's name, split", "city name", "lookup_weather"],
    ["the group", "meteorology", "lookup_weather"],
    ["a tag", "payments", "create_refund"],
    ["the last word as a prefix", "send a text mess", "send_sms"],
    ["a verb's everyday word (list → show)", "show the refunds", "list_refunds"],
  ])("finds by %s", (_, query, expected) => {
    expect(names(query)[0]).toBe(expected);
  });

  it("matches a word of five letters or more one edit away (a typo), a shorter one only exactly", () => {
    expect(names("refumd").sort()).toEqual(["create_refund", "list_refunds"]);
    expect(names("smx")).toEqual([]);
  });

  it("returns names with the first line of the description, at most `limit`, best first", () => {
    expect(index.search("refund a card payment", 1)).toEqual([{ name: "create_refund", description: "Refund a captured payment back to the customer's card." }]);
    expect(names("refund", 0)).toEqual([]);
    expect(index.size).toBe(5);
  });

  it.each(["", "   ", "the a of", "?!"])("finds nothing for %j (no searchable word)", (query) => {
    expect(names(query)).toEqual([]);
  });

  it("any query: at most `limit` distinct names of indexed tools, never a throw", () => {
    const indexed = new Set(["get_order", "create_refund", "list_refunds", "send_sms", "lookup_weather"]);
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 0, max: 10 }), (query, limit) => {
        const found = names(query, limit);
        expect(found.length).toBeLessThanOrEqual(limit);
        expect(new Set(found).size).toBe(found.length);
        for (const name of found) expect(indexed.has(name)).toBe(true);
      }),
    );
  });
});

describe("search quality (a rule, not a timing): labelled requests over 300 realistic tools", () => {
  const tools = searchCorpusTools();
  const index = buildToolIndex(tools);
  // Every third labelled request: the benchmark (bench/tool-search.ts) prints the figure over all of them.
  const sample = LABELLED_REQUESTS.filter((_, position) => position % 3 === 0);

  it("is a persona of 300 tools with unique names, every label one of them", () => {
    expect(tools).toHaveLength(300);
    const names = new Set(tools.map((entry) => entry.name));
    expect(names.size).toBe(300);
    for (const [, label] of LABELLED_REQUESTS) expect(names.has(label)).toBe(true);
    expect(sample.length).toBeGreaterThanOrEqual(40);
  });

  it("finds the labelled tool in the top 5 for at least 95% of the requests", () => {
    const missed = sample.filter(([request, label]) => !index.search(request, 5).some((hit) => hit.name === label));
    expect(1 - missed.length / sample.length, `missed: ${JSON.stringify(missed)}`).toBeGreaterThanOrEqual(0.95);
  });
});

describe("the meta-tools", () => {
  it("are three tools inside the safe schema subset, valid for every provider's builder", () => {
    expect(META_TOOLS.map((entry) => entry.name)).toEqual(["search_tools", "describe_tool", "call_tool"]);
    for (const shape of META_TOOLS) {
      // defineTool runs the safe-subset check (SPEC §1.3) and throws on anything outside it.
      expect(() => defineTool({ ...shape, call: async () => json(null) })).not.toThrow();
      for (const format of PROVIDER_FORMATS) expect(toProviderSpecs([shape], format)).toHaveLength(1);
    }
    expect(isMetaTool("call_tool")).toBe(true);
    expect(isMetaTool("create_refund")).toBe(false);
    expect(() => metaTool("create_refund")).toThrow(/not a search mode meta-tool/);
  });
});

describe("native deferred loading", () => {
  it("Anthropic: its BM25 tool search tool first, never deferred, then every tool with defer_loading", () => {
    const specs = anthropicDeferredSpecs([META_TOOLS[0]!, META_TOOLS[1]!]);
    expect(specs[0]).toEqual({ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
    expect(specs[0]).not.toBe(ANTHROPIC_TOOL_SEARCH_TOOL);
    expect(specs.slice(1)).toEqual(toProviderSpecs([META_TOOLS[0]!, META_TOOLS[1]!], "anthropic").map((spec) => ({ ...spec, defer_loading: true })));
  });

  it.each(PROVIDER_FORMATS.map((format) => [format, format === "anthropic"] as const))("%s has native deferred loading Quiver uses: %s", (format, expected) => {
    expect(hasNativeDeferredLoading(format)).toBe(expected);
  });
});
