/**
 * Protects every dashboard page for every role: each renders its heading, a 404 is friendly and
 * shows no stack trace, and — through the leak guard that wraps every test — none of them sends a
 * seeded secret's plaintext (in any encoding) to the browser, even the pages that show masks.
 */
import { maskSecret } from "../lib/secrets/mask";
import { expect, test } from "./fixtures/test";
import { SEEDED_SECRETS } from "./fixtures/seeded-secrets";
import { storageStateFor, type E2ERole } from "./support/environment";

const PAGES = [
  { path: "/tools", heading: "Tools" },
  { path: "/tools/e2e_orders", heading: "e2e_orders" },
  { path: "/tools/e2e_crm", heading: "e2e_crm" },
  { path: "/tools/e2e_weather", heading: "e2e_weather" },
  { path: "/tools/current_time", heading: "current_time" },
  { path: "/personas", heading: "Personas" },
  { path: "/audit", heading: "Audit" },
  { path: "/settings", heading: "Settings" },
  { path: "/settings/users", heading: "Operators" },
] as const;

for (const role of ["admin", "editor", "viewer"] as const satisfies readonly E2ERole[]) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    for (const { path, heading } of PAGES) {
      test(`${path} renders`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      });
    }
  });
}

test.describe("with secrets on the page", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("a tool's secret headers show only their masks", async ({ page }) => {
    await page.goto("/tools");
    await page.getByRole("link", { name: "e2e_orders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "e2e_orders" })).toBeVisible();
    const authorizationMask = maskSecret(`Bearer ${SEEDED_SECRETS.ordersApiToken}`);
    expect(authorizationMask).toMatch(/^••••.{4}$/);
    await expect(page.getByLabel("Authorization is a secret")).toHaveText(`${authorizationMask} secret`);
    await expect(page.getByLabel("X-Legacy-Pin is a secret")).toHaveText("•••• secret");
  });

  test("a code tool is marked as code and read-only", async ({ page }) => {
    await page.goto("/tools");
    await expect(page.getByRole("row", { name: /current_time/ })).toContainText("code");
    await page.getByRole("link", { name: "current_time" }).click();
    await expect(page.getByText("code · read-only")).toBeVisible();
  });

  test("the tool list filters by search and group", async ({ page }) => {
    await page.goto("/tools");
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.fill("e2e_weather");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=e2e_weather/);
    await expect(page.getByRole("link", { name: "e2e_weather", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "e2e_orders", exact: true })).toHaveCount(0);
    await search.fill("");
    await search.press("Enter");
    await expect(page).not.toHaveURL(/q=e2e_weather/);
    await expect(page.getByRole("link", { name: "Search: e2e_weather (remove filter)" })).toHaveCount(0);
    await page.getByRole("button", { name: "Group", exact: true }).click();
    await page.getByRole("menuitem", { name: "e2e", exact: true }).click();
    await expect(page).toHaveURL(/group=e2e/);
    await expect(page.getByRole("link", { name: "Group: e2e (remove filter)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "e2e_orders", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "current_time", exact: true })).toHaveCount(0);
  });
});

test.describe("not found", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("an unknown tool shows a friendly 404 without internals", async ({ page }) => {
    const response = await page.goto("/tools/no_such_tool");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
    const html = await page.content();
    expect(html).not.toMatch(/at \S+ \(|node_modules|Error:/);
  });
});
