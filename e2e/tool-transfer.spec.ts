/**
 * Protects moving tools in and out (SPEC §9) and their history: an editor exports every tool, a
 * selection or one tool, and the file never holds a secret value; importing a document with one
 * bad tool among good ones imports nothing and names the bad tool's problem by its path; a valid
 * document creates its tools, and an existing name needs "skip" or "overwrite" (a new version);
 * in the History tab two revisions compare field by field and an older one is restored as a new
 * version. Tools are imported under their own names (e2e_transfer_*): other specs' fixtures stay.
 */
import type { Page } from "@playwright/test";
import { SEEDED_SECRET_VALUES } from "./fixtures/seeded-secrets";
import { expect, test } from "./fixtures/test";
import { storageStateFor } from "./support/environment";

test.use({ storageState: storageStateFor("editor") });
test.describe.configure({ mode: "serial" });

const TOOL = "e2e_transfer_lookup";

function toolDocument(name: string, description: string, url = "https://api.example.com/items/{{item_id}}") {
  return {
    name,
    description,
    parameters: { type: "object", properties: { item_id: { type: "string" } }, required: ["item_id"] },
    request: { method: "GET", url },
  };
}

const exportOf = (...tools: unknown[]) => JSON.stringify({ format: "quiver.tools", version: 1, tools }, null, 2);

/** Pastes `text` into the import editor and checks it. */
async function check(page: Page, text: string) {
  await page.goto("/tools/import-tools");
  const editor = page.getByRole("textbox", { name: "Import document" });
  await editor.click();
  await page.keyboard.insertText(text);
  await page.getByRole("button", { name: "Check" }).click();
  return page.getByRole("list", { name: "Tools in the document" });
}

test("export all downloads every stored tool with empty secret values; one tool and a selection too", async ({ page }) => {
  await page.goto("/tools");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export all" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^quiver-tools-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readDownload(download);
  for (const secret of SEEDED_SECRET_VALUES) expect(text).not.toContain(secret);
  const document = JSON.parse(text) as { format: string; tools: { name: string; request: { headers: Record<string, string> }; secret_headers: string[] }[] };
  expect(document.format).toBe("quiver.tools");
  const orders = document.tools.find((tool) => tool.name === "e2e_orders")!;
  expect(document.tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["e2e_orders", "e2e_weather"]));
  expect(orders.secret_headers.length).toBeGreaterThan(0);
  for (const header of orders.secret_headers) expect(orders.request.headers[header]).toBe("");

  const one = await page.request.get("/tools/export.json?name=e2e_weather");
  expect(one.headers()["content-disposition"]).toBe('attachment; filename="e2e_weather.json"');
  expect((await one.json()).tools.map((tool: { name: string }) => tool.name)).toEqual(["e2e_weather"]);
  const missing = await page.request.get("/tools/export.json?name=no_such_tool");
  expect(missing.status()).toBe(404);

  await page.goto("/tools?q=e2e_");
  await page.getByRole("checkbox", { name: "Select e2e_weather for export" }).check();
  await page.getByRole("checkbox", { name: "Select e2e_orders for export" }).check();
  const [selected] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export selected" }).click()]);
  const names = (JSON.parse(await readDownload(selected)).tools as { name: string }[]).map((tool) => tool.name);
  expect(names).toEqual(["e2e_orders", "e2e_weather"]);
});

test("one bad tool among good ones imports nothing and is named with its error's path", async ({ page }) => {
  const tools = await check(
    page,
    exportOf(toolDocument("e2e_transfer_good", "A good tool."), toolDocument("e2e_transfer_bad", "A bad tool.", "ftp://files.example.com/x")),
  );
  await expect(tools.getByRole("listitem", { name: "e2e_transfer_good" })).toContainText("new");
  const bad = tools.getByRole("listitem", { name: "e2e_transfer_bad" });
  await expect(bad).toContainText("invalid");
  await expect(bad).toContainText("tools[1].request.url");
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await expect(page.getByText("Nothing is imported while a tool has errors.")).toBeVisible();
  await page.goto("/tools?q=e2e_transfer");
  await expect(page.getByRole("row", { name: "e2e_transfer_good" })).toHaveCount(0);
});

test("a valid new tool is imported and appears in the list", async ({ page }) => {
  const tools = await check(page, exportOf(toolDocument(TOOL, "Look up an item.")));
  await expect(tools.getByRole("listitem", { name: TOOL })).toContainText("new");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const report = page.getByRole("region", { name: "Import report" });
  await expect(report).toContainText("Created");
  await expect(report.getByRole("link", { name: TOOL })).toBeVisible();
  await page.goto("/tools?q=e2e_transfer");
  await expect(page.getByRole("row", { name: TOOL })).toContainText("v1");
});

test("importing over an existing name asks skip or overwrite; overwrite makes a new version", async ({ page }) => {
  const tools = await check(page, exportOf(toolDocument(TOOL, "Look up an item by its id.")));
  const row = tools.getByRole("listitem", { name: TOOL });
  await expect(row).toContainText("exists · v1");
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expect(importButton).toBeDisabled();
  await row.getByLabel(`What to do with ${TOOL}`).selectOption("overwrite");
  await importButton.click();
  await expect(page.getByRole("region", { name: "Import report" })).toContainText("Updated");
  await page.goto(`/tools/${TOOL}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(TOOL);
  await expect(page.getByText("v2", { exact: true }).first()).toBeVisible();
});

test("history compares two revisions field by field and restores an older one as a new version", async ({ page }) => {
  await page.goto(`/tools/${TOOL}?tab=history`);
  const comparison = page.getByRole("region", { name: "Compare revisions" });
  await expect(comparison.getByLabel("From")).toHaveValue("1");
  await expect(comparison.getByLabel("To")).toHaveValue("2");
  const change = comparison.getByRole("row", { name: "description" });
  await expect(change).toContainText('"Look up an item."');
  await expect(change).toContainText('"Look up an item by its id."');

  await page.getByRole("button", { name: "Restore version 1" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Restore version 1?");
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Restored version 1 as version 3.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("listitem", { name: "Version 3" })).toContainText("Restored from version 1");
  await expect(page.getByRole("paragraph").filter({ hasText: "Look up an item." }).first()).toBeVisible();
});

async function readDownload(download: import("@playwright/test").Download): Promise<string> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
