/**
 * Protects "nothing in the UI advertises a feature that does not exist" (issue 15) where the page
 * walk found it: the Settings page offers to manage API keys only to admins (others are told to
 * ask one) and lets non-admins see operators rather than "manage" them; a persona's bulk switch
 * buttons that cannot act say why. Read-only: nothing is changed.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { storageStateFor } from "./support/environment";

/** Full-page screenshots at desktop and phone width, kept in data/screenshots/ to look at. */
async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync("data/screenshots", { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `data/screenshots/honest-ui-${name}-${width}.png`, fullPage: true });
  }
}

for (const role of ["editor", "viewer"] as const) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test("Settings offers no API key management and no operator management", async ({ page }) => {
      await page.goto("/settings");
      await expect(page.getByRole("link", { name: "Manage API keys" })).toHaveCount(0);
      await expect(page.getByText(`Ask an admin for a key: you are signed in as ${role}.`)).toBeVisible();
      await expect(page.getByRole("link", { name: "Manage operators" })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "See operators" })).toHaveAttribute("href", "/settings/users");
      await screenshots(page, `settings-${role}`);
    });
  });
}

test.describe("as an admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("Settings links to API key and operator management", async ({ page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("link", { name: "Manage API keys" })).toHaveAttribute("href", "/settings/api-keys");
    await expect(page.getByRole("link", { name: "Manage operators" })).toHaveAttribute("href", "/settings/users");
  });
});

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("a persona's Enable all, with nothing to enable, says why", async ({ page }) => {
    await page.goto("/personas/support-tier1");
    const enableAll = page.getByRole("button", { name: "Enable all" });
    await expect(enableAll).toBeDisabled();
    await expect(enableAll).toHaveAccessibleDescription("Every granted tool shown is on.");
    await screenshots(page, "persona-tools-editor");
  });
});
