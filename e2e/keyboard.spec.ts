/**
 * Protects keyboard use: an operator can sign in and move through the main navigation with the
 * keyboard alone, and focus is visible where it lands.
 */
import { expect, test } from "./fixtures/test";
import { E2E_OPERATORS } from "./support/environment";

test("sign in and reach Personas with the keyboard only", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("E-mail")).toBeFocused();
  await page.keyboard.type(E2E_OPERATORS.viewer.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(E2E_OPERATORS.viewer.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  const personasLink = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Personas" });
  for (let presses = 0; presses < 10 && !(await personasLink.evaluate((link) => link === document.activeElement)); presses += 1) {
    await page.keyboard.press("Tab");
  }
  await expect(personasLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Personas" })).toBeVisible();
});
