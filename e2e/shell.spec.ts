/**
 * Protects the shell every operator works in, from the keyboard alone: an operator collapses and
 * restores the sidebar, opens the phone navigation, jumps anywhere with the command palette, and
 * picks a theme that survives a reload; a persona switch announces its result and keeps focus.
 * (How every page looks for every role: e2e/every-page.spec.ts.)
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { storageStateFor } from "./support/environment";
import { DESKTOP, PHONE } from "./support/viewports";

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard-only operator would. */
async function tabTo(page: Page, target: Locator, limit = 20): Promise<void> {
  for (let presses = 0; presses < limit && !(await target.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Presses ArrowDown until the palette marks `option` selected, at most `limit` times. */
async function arrowTo(page: Page, option: Locator, limit = 12): Promise<void> {
  for (let presses = 0; presses < limit && (await option.getAttribute("aria-selected")) !== "true"; presses += 1) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(option).toHaveAttribute("aria-selected", "true");
}

test.describe("keyboard only", () => {
  test.use({ storageState: storageStateFor("viewer"), viewport: DESKTOP, colorScheme: "light" });

  test("the sidebar collapses to a rail and back, and the rail survives a reload", async ({ page }) => {
    await page.goto("/tools");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    const personas = sidebar.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Personas" });
    const widthOf = async () => (await sidebar.boundingBox())?.width ?? 0;
    expect(await widthOf()).toBeGreaterThan(200);
    await expect(personas.getByText("Personas")).not.toHaveClass(/\bsr-only\b/);

    await tabTo(page, sidebar.getByRole("button", { name: "Collapse sidebar" }));
    await page.keyboard.press("Enter");
    const expand = sidebar.getByRole("button", { name: "Expand sidebar" });
    await expect(expand).toHaveAttribute("aria-expanded", "false");
    await expect(expand).toBeFocused();
    await expect.poll(widthOf).toBeLessThanOrEqual(64);
    // The rail shows icons only; the labels stay for screen readers and name the links.
    await expect(personas.getByText("Personas")).toHaveClass(/\bsr-only\b/);
    await tabTo(page, personas);

    await page.reload();
    await expect(expand).toHaveAttribute("aria-expanded", "false");
    expect(await widthOf()).toBeLessThanOrEqual(64);
    await tabTo(page, personas);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Personas" })).toBeVisible();

    await page.keyboard.press("Control+B");
    await expect(sidebar.getByRole("button", { name: "Collapse sidebar" })).toHaveAttribute("aria-expanded", "true");
    await expect.poll(widthOf).toBeGreaterThan(200);
    await expect(personas.getByText("Personas")).not.toHaveClass(/\bsr-only\b/);
  });

  test("on a phone, the navigation sheet opens, holds focus and gives it back on Esc", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/tools");
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeHidden();
    const open = page.getByRole("button", { name: "Open navigation" });
    await tabTo(page, open);
    await page.keyboard.press("Enter");

    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await expect(sheet).toBeVisible();
    await expect.poll(() => sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expect(sheet.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Personas" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(sheet).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("the command palette jumps to a tool, and Esc gives focus back", async ({ page }) => {
    await page.goto("/personas");
    const auditLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" });
    await tabTo(page, auditLink);

    const palette = page.getByRole("dialog", { name: "Command palette" });
    const input = palette.getByPlaceholder("Search tools, personas, credentials, actions…");
    await page.keyboard.press("Control+K");
    await expect(palette).toBeVisible();
    await expect(input).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();
    await expect(auditLink).toBeFocused();

    await page.keyboard.press("Control+K");
    await expect(input).toBeFocused();
    await page.keyboard.type("e2e_orders");
    const tool = palette.getByRole("group", { name: "Tools" }).getByRole("option", { name: /^e2e_orders/ });
    await expect(tool).toBeVisible();
    await arrowTo(page, tool);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/tools\/e2e_orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "e2e_orders" })).toBeVisible();
    await expect(palette).toBeHidden();
  });

  test("the palette finds personas and pages, and offers a viewer no admin action", async ({ page }) => {
    await page.goto("/tools");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const input = palette.getByPlaceholder("Search tools, personas, credentials, actions…");
    await page.keyboard.press("Control+K");
    await input.fill("tier");
    await expect(palette.getByRole("group", { name: "Personas" }).getByRole("option", { name: "Support tier 1" })).toBeVisible();

    await input.fill("operator");
    await expect(palette.getByRole("group", { name: "Pages" }).getByRole("option", { name: "Operators" })).toBeVisible();
    await expect(palette.getByRole("option", { name: "Add an operator" })).toHaveCount(0);
  });

  test("choosing Dark in the account menu survives a reload, and Light undoes it", async ({ page }) => {
    await page.goto("/tools");
    const html = page.locator("html");
    await expect(html).not.toHaveClass(/\bdark\b/);

    for (const theme of ["Dark", "Light"] as const) {
      await tabTo(page, page.getByRole("button", { name: "Account menu" }), 30);
      await page.keyboard.press("Enter");
      const choice = page.getByRole("menu").getByRole("menuitemradio", { name: theme });
      for (let presses = 0; presses < 6 && !(await choice.evaluate((element) => element === document.activeElement)); presses += 1) {
        await page.keyboard.press("ArrowDown");
      }
      await expect(choice).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menu")).toBeHidden();
      if (theme === "Dark") await expect(html).toHaveClass(/\bdark\b/);
      else await expect(html).not.toHaveClass(/\bdark\b/);

      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
      if (theme === "Dark") await expect(html).toHaveClass(/\bdark\b/);
      else await expect(html).not.toHaveClass(/\bdark\b/);
    }
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: storageStateFor("admin"), viewport: DESKTOP });

  test("the palette offers adding an operator", async ({ page }) => {
    await page.goto("/tools");
    await page.keyboard.press("Control+K");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await palette.getByPlaceholder("Search tools, personas, credentials, actions…").fill("operator");
    const add = palette.getByRole("group", { name: "Actions" }).getByRole("option", { name: "Add an operator" });
    await expect(add).toBeVisible();
    await arrowTo(page, add);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings\/users#add-operator$/);
  });
});

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor"), viewport: DESKTOP });

  test("switching a persona's tool announces the result and keeps focus on the switch", async ({ page }) => {
    await page.goto("/personas/support-tier1");
    const toggle = page.getByRole("region", { name: "Support tier 1" }).getByRole("switch", { name: "triage_request for support-tier1" });
    const notifications = page.getByRole("region", { name: /^Notifications/ });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await tabTo(page, toggle, 40);

    // Off, then back on, so the rest of the suite finds the persona as it was.
    for (const { checked, says } of [
      { checked: "false", says: "'triage_request' switched off for Support tier 1." },
      { checked: "true", says: "'triage_request' switched on for Support tier 1." },
    ]) {
      await page.keyboard.press("Space");
      await expect(notifications.getByText(says)).toBeVisible();
      await expect(notifications).toHaveAttribute("aria-live", "polite");
      await expect(toggle).toHaveAttribute("aria-checked", checked);
      await expect(toggle).not.toHaveAttribute("aria-busy");
      await expect(toggle).toBeFocused();
    }
  });
});
