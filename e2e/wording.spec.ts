/**
 * Protects issue 26's phone-width reading of the console: on a 390 px screen a tab bar that does
 * not fit says so (a faded edge with a chevron) instead of clipping "Settin"; the keyboard still
 * reaches the last tab, which scrolls into view, and a page opened on a far tab shows it selected
 * (also when the window is narrowed after it opened).
 * The usage search says in plain words what to type, and the API keys table wraps a creator's
 * e-mail only before its "@", never inside the name or the domain.
 * Shared state: the key seeded for the e-mail check is revoked at the end (it stays listed).
 */
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { expectAccessible } from "./support/accessibility";
import { E2E_DATABASE_URL, storageStateFor } from "./support/environment";
import { MCP_PERSONA } from "./support/mcp-fixture";
import { DESKTOP, PHONE } from "./support/viewports";

const KEY_NAME = "e2e wording check";
const CREATOR = { id: null, email: "operations.lead@e2e-keys.quiver.test" };
const [LOCAL_PART, DOMAIN] = [CREATOR.email.slice(0, CREATOR.email.indexOf("@")), CREATOR.email.slice(CREATOR.email.indexOf("@"))];

test.use({ storageState: storageStateFor("admin") });

/** The tab bar's hint: which edges hide tabs, as the faded edge and its chevron show it. */
async function expectHiddenTabs(tablist: Locator, edges: "before" | "after" | "before after") {
  await expect(tablist).toHaveAttribute("data-hidden-tabs", edges);
  for (const edge of edges.split(" ")) await expect(tablist.locator("xpath=..").locator(`[data-tab-hint="${edge}"]`)).toBeVisible();
  expect(await tablist.evaluate((element) => getComputedStyle(element).maskImage)).toContain("linear-gradient");
}

/** The text of `element`, one string per rendered line, read character by character from the layout. */
function renderedLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let index = 0; index < text.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const { top, height } = range.getBoundingClientRect();
        const line = lines.at(-1);
        if (line && Math.abs(top - line.top) < height / 2) line.text += text[index];
        else lines.push({ top, text: text[index] ?? "" });
      }
    }
    return lines.map((line) => line.text);
  });
}

test.describe("at 390 px", () => {
  test.use({ viewport: PHONE });

  test("a tool page's tab bar hints at more tabs, and the keyboard reaches JSON and scrolls it into view", async ({ page }) => {
    await page.goto("/tools/e2e_orders");
    const tablist = page.getByRole("tablist", { name: "Tool details" });
    const [request, json] = [tablist.getByRole("tab", { name: "Request" }), tablist.getByRole("tab", { name: "JSON" })];
    await expect(request).toHaveAttribute("aria-selected", "true");
    await expectHiddenTabs(tablist, "after");
    await expect(json).not.toBeInViewport({ ratio: 1 });

    await request.focus();
    await page.keyboard.press("End");
    await expect(json).toBeFocused();
    await expect(json).toHaveAttribute("aria-selected", "true");
    await expect(json).toBeInViewport({ ratio: 0.98 });
    await expect(page.getByRole("tabpanel", { name: "JSON" })).toContainText("e2e_orders.json");
    await expectHiddenTabs(tablist, "before");
    await expectAccessible(page, "tool page at 390 px on its JSON tab");

    await page.keyboard.press("Home");
    await expect(request).toBeFocused();
    await expect(request).toBeInViewport({ ratio: 0.98 });
    await page.keyboard.press("ArrowLeft");
    await expect(json).toBeFocused();
    await expect(json).toBeInViewport({ ratio: 0.98 });
  });

  for (const { path, tablist, tab, first } of [
    { path: "/tools/e2e_orders?tab=json", tablist: "Tool details", tab: "JSON", first: "Request" },
    { path: "/personas/support-tier1?tab=settings", tablist: "Persona sections", tab: "Settings", first: "Tools" },
  ]) {
    test(`${path} opens with its ${tab} tab selected and in view`, async ({ page }) => {
      await page.goto(path);
      const tabs = page.getByRole("tablist", { name: tablist });
      const selected = tabs.getByRole("tab", { name: tab });
      // Only the page scrolls here (down to the tab bar, should it sit low); the bar keeps its own position.
      await tabs.scrollIntoViewIfNeeded();
      await expect(selected).toHaveAttribute("aria-selected", "true");
      await expect(selected).toBeInViewport({ ratio: 0.98 });
      await expectHiddenTabs(tabs, "before");

      await selected.focus();
      await page.keyboard.press("Home");
      await expect(tabs.getByRole("tab", { name: first })).toBeInViewport({ ratio: 0.98 });
      await expectHiddenTabs(tabs, "after");
    });
  }
});

test("a window narrowed to 390 px keeps the selected tab in view", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/personas/support-tier1?tab=grant");
  const tabs = page.getByRole("tablist", { name: "Persona sections" });
  await expect(tabs).not.toHaveAttribute("data-hidden-tabs", /./);
  await page.setViewportSize(PHONE);
  await tabs.scrollIntoViewIfNeeded();
  await expect(tabs.getByRole("tab", { name: "Grant" })).toBeInViewport({ ratio: 0.98 });
  await expectHiddenTabs(tabs, "before after");
});

test("the usage search says in plain words what to type", async ({ page }) => {
  // The search shows once the range holds a call: one is logged here, whatever ran before.
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const { getDb } = await import("../lib/db/client");
  await getDb().callLog.create({
    data: { apiKeyName: "e2e wording", personaSlug: "support-tier1", toolName: "e2e_orders", channel: "api", outcome: "success", httpStatus: 200, durationMs: 5 },
  });
  await page.goto("/usage");
  await expect(page.getByRole("searchbox", { name: "Tool name" })).toHaveAttribute("placeholder", "Exact tool name, e.g. get_order");
});

test.describe("the API keys table", () => {
  let keyId: string;

  test.beforeAll(async () => {
    process.env.DATABASE_URL = E2E_DATABASE_URL;
    const { createApiKey } = await import("../lib/agent-door/api-keys");
    keyId = (await createApiKey({ name: KEY_NAME, personaSlugs: [MCP_PERSONA] }, CREATOR)).id;
  });

  test.afterAll(async () => {
    if (!keyId) return;
    const { revokeApiKey } = await import("../lib/agent-door/api-keys");
    await revokeApiKey(keyId, CREATOR);
  });

  for (const viewport of [PHONE, DESKTOP]) {
    test(`wraps the creator's e-mail only before the @ at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/settings/api-keys");
      const email = page.getByRole("row", { name: KEY_NAME }).getByText(CREATOR.email, { exact: true });
      await expect(email).toBeVisible();
      await expect(email).toHaveAttribute("title", CREATOR.email);
      expect([[CREATOR.email], [LOCAL_PART, DOMAIN]]).toContainEqual(await renderedLines(email));
    });
  }
});
