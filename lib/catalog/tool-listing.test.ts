/**
 * The tool list as the database answers it (listToolsPage and the filter menus in tools.ts), on
 * SQLite and PostgreSQL alike: every filter alone and combined, both sorts, the page window and
 * its total, case-insensitive search beyond ASCII, and search text that would be a wildcard in
 * LIKE or GLOB matching only itself.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { newSecretValues, plainTool, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { saveTool } from "./tool-saves";
import {
  listToolDefinitions,
  listToolGroups,
  listToolMethods,
  listToolsPage,
  listToolTags,
  MAX_TOOL_PAGE_SIZE,
  type ToolListQuery,
} from "./tools";

const targets = await databaseTargets();
const keyring = testKeyring();

/** Eight tools covering every filter; names in the comment are by name order. */
const CATALOG = [
  plainTool({ name: "discount_rate", description: "Applies 50% off a_b items [beta].", tags: ['say "hi"'],
    request: { method: "PUT", url: "https://shop.example.com/discount", body: {} } }),
  plainTool({ name: "flat_rate", description: "Applies 50 off axb items?", request: { method: "PATCH", url: "https://shop.example.com/flat", body: {} } }),
  plainTool({ name: "get_invoice", description: "An invoice.", group: "billing", tags: ["b2b", "finance"] }),
  plainTool({ name: "get_refund", description: "A refund.", group: "billing", tags: ["finance"], side_effect: false,
    request: { method: "POST", url: "https://billing.example.com/refunds", body: {} } }),
  plainTool({ group: "Weather", tags: ["Public", "b2c"] }),
  referenceTool(),
  plainTool({ name: "oil_prices", description: "Ölpreise für Öfen und Äpfel.", group: "Energie", tags: ["Größe"],
    request: { method: "DELETE", url: "https://energy.example.com/prices" } }),
  plainTool({ name: "send_sms", description: "Send an SMS.", request: { method: "POST", url: "https://sms.example.com/send", body: { to: "x" } } }),
];
const ALL = ["discount_rate", "flat_rate", "get_invoice", "get_refund", "get_weather", "lookup_order", "oil_prices", "send_sms"];

async function seedCatalog(): Promise<void> {
  for (const definition of CATALOG) {
    await saveTool({ definition, secrets: newSecretValues(keyring, {}), baseVersion: null, actor: SYSTEM_ACTOR });
  }
}

async function names(filters: Partial<ToolListQuery>): Promise<string[]> {
  const { items, total } = await listToolsPage({ offset: 0, limit: MAX_TOOL_PAGE_SIZE, ...filters });
  expect(total, "the total counts exactly the rows of an unbounded page").toBe(items.length);
  return items.map((tool) => tool.name);
}

describe.each(targets)("the tool list on $name", (target) => {
  const db = useTestDatabase(target);

  it("lists every tool by name, each row with the list's columns", async () => {
    await seedCatalog();
    expect(await names({})).toEqual(ALL);
    const { items } = await listToolsPage({ search: "sms", offset: 0, limit: 1 });
    expect(items).toEqual([{
      name: "send_sms", description: "Send an SMS.", group: null, tags: [], method: "POST", sideEffect: true, version: 1,
      createdAt: expect.any(Date), updatedAt: expect.any(Date), updatedBy: "system",
    }]);
    expect((await listToolDefinitions()).map((tool) => tool.name)).toEqual(ALL);
  });

  // One table, one seeding: each row is a rule, named in the failure message.
  const FILTER_RULES: [string, Partial<ToolListQuery>, string[]][] = [
    ["search, ignoring ASCII case", { search: "WEATHER" }, ["get_weather"]],
    ["search in the description", { search: "an order" }, ["lookup_order"]],
    ["search trimmed", { search: "  get_ " }, ["get_invoice", "get_refund", "get_weather"]],
    ["search, upper case against lower", { search: "ÖLPREISE" }, ["oil_prices"]],
    ["search, lower case against upper", { search: "öfen" }, ["oil_prices"]],
    ["search, mixed case", { search: "äPFEL" }, ["oil_prices"]],
    ["search for %, literally", { search: "50%" }, ["discount_rate"]],
    ["search for _, literally", { search: "a_b" }, ["discount_rate"]],
    ["search for ?, literally", { search: "?" }, ["flat_rate"]],
    ["search for *, literally", { search: "*" }, []],
    ["search for brackets, literally", { search: "[BETA]" }, ["discount_rate"]],
    ["search for a backslash, literally", { search: "\\" }, []],
    ["search matching nothing", { search: "no such tool" }, []],
    ["group, exactly", { group: "billing" }, ["get_invoice", "get_refund"]],
    ["group in another case", { group: "Billing" }, []],
    ["tag, in any case", { tag: "PUBLIC" }, ["get_weather"]],
    ["tag, non-ASCII", { tag: "GRÖßE" }, ["oil_prices"]],
    ["tag holding quotes", { tag: 'say "hi"' }, ["discount_rate"]],
    ["tag, never part of one", { tag: "hi" }, []],
    ["tag, never a prefix", { tag: "b2" }, []],
    ["method, in any case", { method: "post" }, ["get_refund", "send_sms"]],
    ["method no tool uses", { method: "HEAD" }, []],
    ["side effect", { sideEffect: true }, ["discount_rate", "flat_rate", "oil_prices", "send_sms"]],
    ["no side effect", { sideEffect: false }, ["get_invoice", "get_refund", "get_weather", "lookup_order"]],
    ["method and side effect", { method: "POST", sideEffect: false }, ["get_refund"]],
    ["group and tag", { group: "billing", tag: "b2b" }, ["get_invoice"]],
    ["search, tag and side effect", { search: "GET", tag: "finance", sideEffect: false }, ["get_invoice", "get_refund"]],
    ["search and method", { search: "rate", method: "PUT" }, ["discount_rate"]],
    ["group and search matching apart", { group: "billing", search: "weather" }, []],
    ["blank filters", { search: " ", group: " ", tag: " ", method: " " }, ALL],
  ];

  it("filters by each of search, group, tag, method and side effect, and by any combination", async () => {
    await seedCatalog();
    for (const [rule, filters, expected] of FILTER_RULES) expect(await names(filters), rule).toEqual(expected);
  });

  it("sorts by name or by the latest update first, ties by name", async () => {
    await seedCatalog();
    const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, n));
    const updated: [string, number][] = [
      ["send_sms", 1], ["oil_prices", 9], ["get_weather", 5], ["discount_rate", 5], ["lookup_order", 3],
      ["flat_rate", 7], ["get_invoice", 2], ["get_refund", 8],
    ];
    for (const [name, at] of updated) await db().tool.updateMany({ where: { name }, data: { updatedAt: minute(at) } });
    const newestFirst = ["oil_prices", "get_refund", "flat_rate", "discount_rate", "get_weather", "lookup_order", "get_invoice", "send_sms"];
    expect(await names({ sort: "updated" })).toEqual(newestFirst);
    expect(await names({ sort: "updated", sideEffect: true })).toEqual(["oil_prices", "flat_rate", "discount_rate", "send_sms"]);
    expect(await names({ sort: "name" })).toEqual(ALL);
  });

  it("pages with offset and limit, the total always counting every match", async () => {
    await seedCatalog();
    for (const sort of ["name", "updated"] as const) {
      const pages = [];
      for (const offset of [0, 3, 6]) {
        const page = await listToolsPage({ sort, offset, limit: 3 });
        expect(page.total).toBe(ALL.length);
        pages.push(...page.items.map((tool) => tool.name));
      }
      expect(pages).toEqual(await names({ sort }));
    }
    expect(await listToolsPage({ offset: 8, limit: 3 })).toEqual({ items: [], total: 8 });
    expect(await listToolsPage({ offset: 0, limit: 0 })).toEqual({ items: [], total: 8 });
    const filtered = await listToolsPage({ sideEffect: true, offset: 1, limit: 2 });
    expect({ names: filtered.items.map((tool) => tool.name), total: filtered.total }).toEqual({ names: ["flat_rate", "oil_prices"], total: 4 });
  });

  it("offers the groups (ignoring case), tags and methods in use", async () => {
    await seedCatalog();
    // Case-insensitive whatever the collation: a C or binary one alone would put "Weather" first.
    expect(await listToolGroups()).toEqual(["billing", "Energie", "orders", "Weather"]);
    expect(await listToolTags()).toEqual(["b2b", "b2c", "finance", "größe", "public", 'say "hi"']);
    expect(await listToolMethods()).toEqual(["DELETE", "GET", "PATCH", "POST", "PUT"]);
  });

  it("answers an empty catalog with an empty page and empty menus", async () => {
    expect(await listToolsPage({ search: "x", tag: "y", offset: 0, limit: 50 })).toEqual({ items: [], total: 0 });
    expect(await listToolsPage({ offset: 0, limit: 50 })).toEqual({ items: [], total: 0 });
    expect([await listToolGroups(), await listToolTags(), await listToolMethods()]).toEqual([[], [], []]);
  });

  it.each([
    { offset: -1, limit: 10 },
    { offset: 0.5, limit: 10 },
    { offset: 0, limit: -1 },
    { offset: 0, limit: MAX_TOOL_PAGE_SIZE + 1 },
  ])("refuses the window offset $offset, limit $limit", async (window) => {
    await expect(listToolsPage(window)).rejects.toThrow(RangeError);
  });
});
