/**
 * Search mode (issue 28) on the production build: a persona over the threshold (the e2e server's
 * QUIVER_SEARCH_MODE_THRESHOLD is 3; this persona offers 4 tools) shows the suggestion; an editor
 * switches search mode on from it, and what the agent sees changes — on the page ("What the agent
 * sees") and for a real MCP client (SDK v2, 2026-07-28), which lists the three meta-tools, finds a
 * tool with search_tools and calls it with call_tool (the mock upstream receives it, the usage
 * page shows the call as the real tool, via search). A tool switched off can be neither found nor
 * called through them, and nothing reaches the upstream. Switching off restores the full list. The
 * page's header gives the persona's context budget beside the suggestion; once in search mode the
 * budget tab says what the meta-tools cost instead.
 * Screenshots of the changed parts at 1280 and 390 px go to data/screenshots/search-mode-*.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { closeMcpClients, connectMcpClientAt } from "../lib/agent-door/mcp/mcp-test-client";
import { expect, test } from "./fixtures/test";
import { expectAccessible } from "./support/accessibility";
import { E2E_BASE_URL, E2E_MOCK_UPSTREAM, storageStateFor } from "./support/environment";
import { SEARCH_DISABLED_TOOL, SEARCH_KEY_FILE, SEARCH_PERSONA } from "./support/search-mode-fixture";

const META = ["search_tools", "describe_tool", "call_tool"];
const AVAILABLE = ["e2e_play_broken", "e2e_play_close_chat", "e2e_play_forecast", "e2e_play_order_state"];

const connect = () =>
  connectMcpClientAt(new URL(`/api/v1/personas/${SEARCH_PERSONA}/mcp`, E2E_BASE_URL), fetch, `Bearer ${readFileSync(SEARCH_KEY_FILE, "utf8").trim()}`, "2026-07-28");

async function upstreamPaths(request: APIRequestContext): Promise<string[]> {
  return ((await (await request.get(`${E2E_MOCK_UPSTREAM}/__requests`)).json()) as { path: string }[]).map((record) => record.path);
}

/** Axe and a screenshot at 1280 and 390 px of `part` (the whole page when absent), back at 1280 after. */
async function lookAt(page: Page, name: string, part?: ReturnType<Page["locator"]>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${name} at ${width} px`);
    // No sideways scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const path = `data/screenshots/search-mode-${name}-${width}.png`;
    if (part) await part.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

type Content = { content?: unknown; isError?: boolean };
const json = (result: Content) => JSON.parse((result.content as { text: string }[])[0]!.text) as Record<string, unknown>;
const found = (result: Content) => (json(result).tools as { name: string }[]).map((tool) => tool.name);

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test.beforeEach(async ({ request }) => {
    expect((await request.delete(`${E2E_MOCK_UPSTREAM}/__requests`)).status()).toBe(204);
  });
  test.afterEach(async () => {
    await closeMcpClients();
  });

  test("a persona over the threshold suggests search mode; switched on, an MCP client searches and calls through the meta-tools; off restores the list", async ({ page, request }) => {
    // Six looks (axe and screenshots at two widths, 3–4 s each) besides the journey: 22–33 s measured, over the default 30.
    test.setTimeout(60_000);
    const client = await connect();
    const names = async () => (await client.listTools(undefined, { cacheMode: "refresh" })).tools.map((tool) => tool.name).sort();
    expect(await names()).toEqual(AVAILABLE);

    await page.goto(`/personas/${SEARCH_PERSONA}`);
    const suggestion = page.getByRole("complementary", { name: "Search mode suggested" });
    await expect(suggestion).toContainText("This persona offers 4 tools; agents choose better from a search.");
    // Beside the suggestion, the header says what the four tools cost every request.
    await expect(page.getByRole("link", { name: /^[\d,]+ tokens a request \(OpenAI\)$/ })).toBeVisible();
    await lookAt(page, "suggestion", suggestion);

    await suggestion.getByRole("button", { name: "Switch to search mode" }).click();
    await expect(page.getByText("Search mode check is in search mode: agents now see the search, describe and call tools.")).toBeVisible();
    await expect(suggestion).toBeHidden();

    // The context budget still measures the four tools, and says what the meta-tools cost instead.
    await page.getByRole("tab", { name: "Context budget" }).click();
    await expect(page.getByRole("tabpanel", { name: "Context budget" }).getByRole("note")).toContainText("Search mode is on: agents are listed 3 meta-tools instead");
    await lookAt(page, "budget-note", page.getByRole("tabpanel", { name: "Context budget" }));

    // What the agent sees: the switch is on, and the MCP list is the three meta-tools.
    await page.getByRole("tab", { name: "What the agent sees" }).click();
    const setting = page.getByRole("region", { name: "Search mode" });
    await expect(setting.getByRole("switch", { name: "Expose as search" })).toBeChecked();
    await page.getByRole("tab", { name: "MCP" }).click();
    await expect(page.getByText("3 tools, exactly as agents receive them")).toBeVisible();
    await lookAt(page, "agent-view");
    expect(await names()).toEqual([...META].sort());

    // Search, describe, call: the real tool runs against the mock upstream.
    expect(found(await client.callTool({ name: "search_tools", arguments: { query: "weather forecast for a location" } }))).toContain("e2e_play_forecast");
    expect(json(await client.callTool({ name: "describe_tool", arguments: { name: "e2e_play_forecast" } }))).toMatchObject({ name: "e2e_play_forecast", inputSchema: { required: ["location"] } });
    const called = await client.callTool({ name: "call_tool", arguments: { name: "e2e_play_forecast", arguments: { location: { city: "Porto" } } } });
    expect(called.isError).toBeUndefined();
    expect(JSON.stringify(called.content)).toContain("Porto");
    expect(await upstreamPaths(request)).toEqual(["/forecast"]);

    // The call log shows the real tool, called through search mode.
    await expect(async () => {
      await page.goto(`/usage?persona=${SEARCH_PERSONA}&tool=e2e_play_forecast`);
      await expect(page.getByRole("row", { name: /e2e_play_forecast at/ }).getByText("via search")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });

    // Off again: the full list is back.
    await page.goto(`/personas/${SEARCH_PERSONA}?tab=agent`);
    await page.getByRole("switch", { name: "Expose as search" }).click();
    await expect(page.getByText("Search mode check lists every tool to agents again.")).toBeVisible();
    expect(await names()).toEqual(AVAILABLE);
  });

  test("a tool switched off can be neither found, described nor called through the meta-tools", async ({ page, request }) => {
    await page.goto(`/personas/${SEARCH_PERSONA}?tab=agent`);
    const setting = page.getByRole("switch", { name: "Expose as search" });
    // The journey above ends with search mode off; should it have stopped half-way, it is on already.
    if (!(await setting.isChecked())) {
      await setting.click();
      await expect(page.getByText("Search mode check is in search mode")).toBeVisible();
    }
    await expect(setting).toBeChecked();

    const client = await connect();
    const names = found(await client.callTool({ name: "search_tools", arguments: { query: "create a note", limit: 20 } }));
    expect(names).not.toContain(SEARCH_DISABLED_TOOL);
    for (const meta of ["describe_tool", "call_tool"]) {
      const result = await client.callTool({ name: meta, arguments: { name: SEARCH_DISABLED_TOOL, arguments: { text: "hello" } } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain(`has no tool named \\"${SEARCH_DISABLED_TOOL}\\"`);
    }
    expect(await upstreamPaths(request)).toEqual([]);

    await page.getByRole("switch", { name: "Expose as search" }).click();
    await expect(page.getByText("Search mode check lists every tool to agents again.")).toBeVisible();
  });
});
