/**
 * Protects the context budget (issue 28): a persona's page says what its tools cost every request
 * — OpenAI counted, the other providers labelled as estimates — with the tool count against the
 * clients' limits and the dearest tools with what makes them so, the same figures the runtime API
 * computes; the matrix shows each persona's figure under its name and links the budget; the tool
 * editor shows the token cost of the tool being edited and updates it as the description grows.
 * Screenshots at 1280 and 390 px. The spec deletes the persona it created.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { SYSTEM_ACTOR } from "../lib/audit/events";
import { expect, test } from "./fixtures/test";
import { expectAccessible } from "./support/accessibility";
import { E2E_DATABASE_URL, storageStateFor } from "./support/environment";

const PERSONA = { slug: "e2e-budget", name: "Budget check" };
const TOOLS = ["e2e_play_forecast", "e2e_weather", "e2e_orders", "triage_request"];

async function server() {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const [{ createPersona }, { deletePersona }, { agentToolBudget }] = await Promise.all([
    import("../lib/personas/server/personas"),
    import("../lib/personas/server/persona-maintenance"),
    import("../lib/agent-door/budget"),
  ]);
  return { createPersona, deletePersona, agentToolBudget };
}

/** Axe, then what the page shows at 1280 and 390 px (data/screenshots/budget-NAME-WIDTH.png). */
async function seeAtBothWidths(page: Page, name: string) {
  mkdirSync("data/screenshots", { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${name} at ${width} px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways at ${width} px`).toBe(true);
    await page.screenshot({ path: `data/screenshots/budget-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe.configure({ mode: "serial" });
test.use({ storageState: storageStateFor("viewer") });

test.beforeAll(async () => {
  await (await server()).createPersona({ slug: PERSONA.slug, name: PERSONA.name, grant: TOOLS }, SYSTEM_ACTOR);
});
test.afterAll(async () => {
  await (await server()).deletePersona(PERSONA.slug, SYSTEM_ACTOR);
});

test("a persona's page shows its context budget: counted for OpenAI, estimates labelled, limits and the dearest tools", async ({ page }) => {
  const budget = (await (await server()).agentToolBudget(PERSONA.slug))!;
  const openai = budget.providers.openai.tokens.toLocaleString("en-US");
  await page.goto(`/personas/${PERSONA.slug}`);
  await page.getByRole("link", { name: `${openai} tokens a request (OpenAI)` }).click();
  await expect(page).toHaveURL(`/personas/${PERSONA.slug}?tab=budget`);
  const panel = page.getByRole("tabpanel", { name: "Context budget" });
  await expect(panel).toContainText(`this persona's 4 tools spends ${openai} tokens on OpenAI`);
  await expect(panel.getByRole("listitem", { name: `OpenAI: ${openai} tokens, counted` })).toBeVisible();
  for (const provider of ["Anthropic", "Gemini"]) await expect(panel.getByRole("listitem", { name: new RegExp(`^${provider}: [\\d,]+ tokens, estimate$`) })).toBeVisible();
  await expect(panel.getByRole("listitem", { name: /^MCP: [\d,]+ tokens, client decides$/ })).toBeVisible();
  await expect(panel.getByText("OpenAI API: 4 of 128 tools")).toBeVisible();
  await expect(panel.getByText("Cursor, older versions: 4 of 40 tools")).toBeVisible();

  const rows = panel.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(1 + TOOLS.length);
  for (const [index, tool] of budget.mostExpensive.entries()) {
    await expect(rows.nth(index + 1)).toContainText(tool.name);
    await expect(rows.nth(index + 1)).toContainText(tool.reason.summary);
  }
  await seeAtBothWidths(page, "persona");
});

test("the matrix shows each persona's figure under its name, linking its budget", async ({ page }) => {
  const budget = (await (await server()).agentToolBudget(PERSONA.slug))!;
  await page.goto("/personas/matrix");
  const figure = page.getByRole("link", { name: `${PERSONA.name}'s context budget: ${budget.providers.openai.tokens.toLocaleString("en-US")} tokens a request (OpenAI)` });
  await expect(figure).toBeVisible();
  await seeAtBothWidths(page, "matrix");
  await figure.click();
  await expect(page).toHaveURL(`/personas/${PERSONA.slug}?tab=budget`);
});

test.describe("in the tool editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("the token cost of the tool being edited updates as its description grows", async ({ page }) => {
    await page.goto("/tools/e2e_weather/edit");
    await page.waitForLoadState("networkidle");
    const cost = page.getByRole("region", { name: "Token cost" });
    const openai = cost.getByRole("listitem").filter({ hasText: "OpenAI" });
    await expect(openai).toHaveText(/^OpenAI [\d,]+ tokens \(counted\)$/);
    await expect(cost.getByRole("listitem").filter({ hasText: "Anthropic" })).toHaveText(/^Anthropic ≈ [\d,]+ tokens \(estimate\)$/);
    const before = Number((await openai.textContent())!.replace(/[^\d]/g, ""));

    const description = page.getByLabel("Description", { exact: true });
    await description.fill(`${await description.inputValue()} ${"It answers with the forecast for the next days, hour by hour. ".repeat(12)}`);
    await expect(cost).toHaveAttribute("aria-busy", "false");
    await expect.poll(async () => Number((await openai.textContent())!.replace(/[^\d]/g, ""))).toBeGreaterThan(before + 100);
    await expect(cost).toContainText("Most of it: long description");
    await seeAtBothWidths(page, "editor");
  });
});
