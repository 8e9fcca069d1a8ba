/**
 * Protects secret query keys (SPEC §1.8, issue 27): an operator marks a query parameter of a new
 * tool secret, types its value in the masked field, saves, and finds it on the tool page and in
 * the editor as a mask only (the JSON tab lists it in secret_query with an empty value); a dry run
 * shows `key=••••` and sends nothing; a fire sends the key to the mock upstream
 * (e2e/support/mock-upstream.ts), whose log shows it arrived, while the echo the page shows has it
 * masked. The typed value is watched by the leak guard: no page, payload or response may carry it.
 * Screenshots of the editor's query rows at 1280 and 390 px land in data/screenshots.
 */
import { mkdirSync } from "node:fs";
import { request as apiRequest, type APIRequestContext, type Page } from "@playwright/test";
import { maskSecret } from "../lib/secrets/mask";
import { expect, test } from "./fixtures/test";
import { E2E_MOCK_UPSTREAM, storageStateFor } from "./support/environment";

test.use({ storageState: storageStateFor("editor") });

const TOOL = "e2e_geocode_keyed";
const SECRET = "AIzaSy-e2e-query-key-7c41d9e2b8";
const SCREENSHOTS = "data/screenshots";

async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const rows = page.getByRole("group", { name: "Query parameters" });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Centred, so the sticky save bar does not cover the rows; a margin keeps their edges in the picture.
    await rows.evaluate((element) => element.scrollIntoView({ block: "center" }));
    const box = (await rows.boundingBox())!;
    const clip = { x: Math.max(0, box.x - 12), y: Math.max(0, box.y - 12), width: Math.min(width, box.width + 24), height: box.height + 24 };
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, clip });
    // Nothing of the page runs off to the side at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * The upstream's own log, read through an API context of its own: the key is meant to arrive there,
 * so this context is not the browser's and the leak guard (which records the `request` fixture)
 * does not watch it.
 */
async function mockRequests(request: APIRequestContext) {
  return (await (await request.get(`${E2E_MOCK_UPSTREAM}/__requests`)).json()) as { path: string; query: Record<string, string> }[];
}

async function runVia(page: Page, button: string) {
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/playground/runs"));
  await page.getByRole("button", { name: button, exact: true }).click();
  return (await answered).text();
}

test("a secret query key: typed once, sent to the upstream, shown only masked", async ({ page, leakGuard }) => {
  leakGuard.watch(SECRET);
  const request = await apiRequest.newContext();
  await page.goto("/tools/new-tool");
  await page.getByLabel("Name", { exact: true }).fill(TOOL);
  await page.getByLabel("Description", { exact: true }).fill("Geocodes an address with a keyed API.");
  await page.getByLabel("URL").fill(`${E2E_MOCK_UPSTREAM}/geocode`);
  await page.getByRole("button", { name: "Add parameter" }).click();
  await page.getByLabel("Name of parameter new parameter").fill("address");

  await page.getByRole("button", { name: "Add query parameter" }).click();
  await page.getByLabel("Query parameters name 1").fill("address");
  await page.getByLabel("Value of address").fill("{{address}}");
  await page.getByRole("button", { name: "Add query parameter" }).click();
  await page.getByLabel("Query parameters name 2").fill("key");
  await page.getByLabel("key is secret").click();
  await page.getByLabel("Secret value of key").fill(SECRET);
  await expect(page.getByText("The new value replaces the stored one when you save.")).toBeVisible();
  await screenshots(page, "secret-query-new");

  await page.getByRole("tab", { name: "JSON", exact: true }).click();
  const json = page.getByLabel("Tool definition (JSON)");
  await expect(json).toContainText('"secret_query"');
  await expect(json).toContainText('"key": ""');
  await page.getByRole("tab", { name: "Form" }).click();

  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page).toHaveURL(`/tools/${TOOL}`);
  await expect(page.getByLabel("key is a secret")).toContainText(maskSecret(SECRET));

  await page.goto(`/tools/${TOOL}/edit`);
  await expect(page.getByLabel("key is secret")).toBeChecked();
  await expect(page.getByLabel("Secret value of key")).toHaveValue("");
  await expect(page.getByLabel("Secret value of key")).toHaveAttribute("placeholder", maskSecret(SECRET));
  await expect(page.getByText(`Stored value ${maskSecret(SECRET)} is kept.`)).toBeVisible();
  await screenshots(page, "secret-query-stored");

  expect((await request.delete(`${E2E_MOCK_UPSTREAM}/__requests`)).status()).toBe(204);
  await page.goto(`/tools/${TOOL}?tab=test`);
  await page.getByRole("textbox", { name: /^address/ }).fill("1 Main St");
  const run = page.getByRole("region", { name: "Run", exact: true });
  await runVia(page, "Dry run");
  await expect(run.getByText(`${E2E_MOCK_UPSTREAM}/geocode?address=1%20Main%20St&key=••••`)).toBeVisible();
  expect(await mockRequests(request)).toEqual([]);

  const fired = await runVia(page, "Fire");
  await expect(run.getByText("Success", { exact: true })).toBeVisible();
  const [sent] = await mockRequests(request);
  expect(sent).toMatchObject({ path: "/geocode", query: { address: "1 Main St", key: SECRET } });
  // The mock echoes its query back: the run shows it masked, and so does its curl copy.
  expect(fired).toContain(maskSecret(SECRET));
  expect(fired).not.toContain(SECRET);
  await expect(run).toContainText(maskSecret(SECRET));
  expect(await page.content()).not.toContain(SECRET);
  await request.dispose();
});
