/**
 * The dashboard's tool list against a real database (SQLite, and PostgreSQL when reachable): the
 * built-in code tools come first and the data tools follow, one list with one total across
 * pages; search and side effect narrow both kinds, group, tag and method leave code tools out.
 * The command palette reads a small page of the same list.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { plainTool, testKeyring } from "../db/test-support/fixtures";
import { saveCredentialRecord } from "../credentials/server/credential-saves";
import { saveTool } from "./tool-saves";
import { searchConsole } from "./console-search";
import { listToolPage, listToolsForDashboard, type ToolListQuery } from "./tool-list";

const targets = await databaseTargets();
const CODE = ["convert_units", "current_time", "format_number"];
const DATA = ["alpha_lookup", "beta_sender", "delta_report", "gamma_clock"];

async function seedDataTools(): Promise<void> {
  const post = { method: "POST", url: "https://api.example.com/send", body: {} };
  for (const definition of [
    plainTool({ name: "alpha_lookup", description: "Look things up.", group: "ops", tags: ["internal"] }),
    plainTool({ name: "beta_sender", description: "Send a message.", request: post }),
    plainTool({ name: "delta_report", description: "A daily report." }),
    plainTool({ name: "gamma_clock", description: "The TIME in Gamma." }),
  ]) {
    await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
  }
}

/** Each row as `kind:name`, and the total. */
async function page(query: Partial<ToolListQuery>): Promise<{ rows: string[]; total: number }> {
  const { rows, total } = await listToolPage({ offset: 0, limit: 50, ...query });
  return { rows: rows.map((row) => `${row.kind}:${row.name}`), total };
}

const code = (name: string) => `code:${name}`;
const data = (name: string) => `data:${name}`;

describe.each(targets)("the dashboard's tool list on $name", (target) => {
  useTestDatabase(target);

  it("lists the code tools first, by name, then the data tools; pages and the total span both", async () => {
    await seedDataTools();
    const whole = [...CODE.map(code), ...DATA.map(data)];
    expect(await page({})).toEqual({ rows: whole, total: 7 });
    const pages = [];
    for (const offset of [0, 2, 4, 6]) {
      const window = await page({ offset, limit: 2 });
      expect(window.total).toBe(7);
      pages.push(...window.rows);
    }
    expect(pages).toEqual(whole);
    expect(await page({ offset: 7, limit: 2 })).toEqual({ rows: [], total: 7 });
    expect(await page({ offset: 0, limit: 0 })).toEqual({ rows: [], total: 7 });
  });

  it("narrows code tools by search and side effect; group, tag and method leave them out", async () => {
    await seedDataTools();
    expect(await page({ search: "time" })).toEqual({ rows: [code("current_time"), data("gamma_clock")], total: 2 });
    expect(await page({ search: "25%" })).toEqual({ rows: [code("format_number")], total: 1 });
    expect(await page({ sideEffect: true })).toEqual({ rows: [data("beta_sender")], total: 1 });
    expect(await page({ sideEffect: false, offset: 3, limit: 1 })).toEqual({ rows: [data("alpha_lookup")], total: 6 });
    expect(await page({ group: "ops" })).toEqual({ rows: [data("alpha_lookup")], total: 1 });
    expect(await page({ tag: "internal" })).toEqual({ rows: [data("alpha_lookup")], total: 1 });
    expect(await page({ method: "GET", search: "time" })).toEqual({ rows: [data("gamma_clock")], total: 1 });
    expect(await page({ search: "nothing matches this" })).toEqual({ rows: [], total: 0 });
  });

  it("keeps code tools first when sorting by the latest update", async () => {
    await seedDataTools();
    await saveTool({ definition: plainTool({ name: "delta_report", description: "A weekly report." }), baseVersion: 1, actor: SYSTEM_ACTOR });
    const { rows } = await page({ sort: "updated" });
    expect(rows.slice(0, 4)).toEqual([...CODE.map(code), data("delta_report")]);
  });

  it("returns the data row's columns and the filter menus with the page", async () => {
    await seedDataTools();
    const listing = await listToolsForDashboard({ search: "ALPHA", offset: 0, limit: 10 });
    expect(listing).toEqual({
      rows: [expect.objectContaining({ kind: "data", name: "alpha_lookup", group: "ops", tags: ["internal"], method: "GET", version: 1 })],
      total: 1,
      groups: ["ops"],
      tags: ["internal"],
      methods: ["GET", "POST"],
    });
  });

  it("gives the command palette a small page of tools of both kinds", async () => {
    await seedDataTools();
    expect((await searchConsole("TIME")).tools).toEqual([
      { name: "current_time", description: expect.any(String), kind: "code" },
      { name: "gamma_clock", description: "The TIME in Gamma.", kind: "data" },
    ]);
    expect((await searchConsole("", 4)).tools.map((tool) => tool.name)).toEqual([...CODE, "alpha_lookup"]);
  });

  it("finds shared credentials by name or description, naming their kind only", async () => {
    const keyring = testKeyring();
    await saveCredentialRecord({ input: { name: "stripe_live", description: "Payments", kind: "header", hosts: ["api.stripe.com"], header_name: "Authorization", value: "sk_live_not_shown" }, keyring, actor: SYSTEM_ACTOR });
    await saveCredentialRecord({ input: { name: "crm", description: "Customer records", kind: "basic", hosts: ["crm.example.com"], username: "bot", password: "hunter2" }, keyring, actor: SYSTEM_ACTOR });
    expect((await searchConsole("STRIPE")).credentials).toEqual([{ name: "stripe_live", kind: "header" }]);
    expect((await searchConsole("customer")).credentials).toEqual([{ name: "crm", kind: "basic" }]);
    expect(JSON.stringify(await searchConsole(""))).not.toMatch(/sk_live_not_shown|hunter2/);
  });
});
