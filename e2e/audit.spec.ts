/**
 * Protects the audit trail as an operator reads it: filters by action (a menu), target and actor
 * (inputs submitted with Enter) narrow the list, each entry shows who, when and what, and opens
 * to a field-by-field before/after; "Clear filters" brings everything back.
 */
import { expect, test } from "./fixtures/test";
import { storageStateFor } from "./support/environment";

test.use({ storageState: storageStateFor("viewer") });

test("filters the trail through the form and reads an entry field by field", async ({ page }) => {
  await page.goto("/audit");
  const events = page.getByRole("list", { name: "Audit events" }).getByRole("listitem");
  const everything = await events.count();
  expect(everything).toBeGreaterThan(2);

  await page.getByRole("button", { name: "Action", exact: true }).click();
  await page.getByRole("menuitem", { name: "persona.create" }).click();
  await expect(page).toHaveURL(/action=persona.create/);
  await expect(events.first()).toContainText("persona.create");
  const personaCreations = await events.count();
  expect(personaCreations).toBeGreaterThanOrEqual(2);
  expect(personaCreations).toBeLessThan(everything);
  for (const text of await events.allTextContents()) expect(text).toContain("persona.create");

  await page.getByRole("searchbox", { name: "Target name" }).fill("support-tier1");
  await page.getByRole("searchbox", { name: "Actor e-mail" }).fill("system");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/actor=system/);
  await expect(page).toHaveURL(/action=persona.create/);
  await expect(events).toHaveCount(1);
  const entry = events.first();
  await expect(entry).toContainText("persona.create");
  await expect(entry).toContainText("support-tier1");
  await expect(entry).toContainText("system");
  const changes = entry.getByRole("group");
  await expect(changes).not.toHaveAttribute("open");
  await entry.locator("summary").click();
  await expect(changes).toHaveAttribute("open");
  await expect(entry.getByRole("row", { name: /^parent / })).toContainText('"support-base"');

  await page.getByRole("searchbox", { name: "Actor e-mail" }).fill("nobody@e2e.quiver.test");
  await page.keyboard.press("Enter");
  await expect(page.getByText("No change matches these filters")).toBeVisible();

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(events).toHaveCount(everything);
});
