/**
 * Protects the tool editor's room to work (issue 26, "The editor is cramped"): at 1280 px an
 * operator authoring a tool sees each header, query and parameter row on one line, Name and Group
 * side by side at the same height, the live preview's tabs whole and its "Add item" button named
 * after its list, "Unique items" as a checkbox, and no "needs a name" on a parameter they have
 * only just added; at 390 px the same editor scrolls only downwards. The compatibility panel gives
 * each provider one line — accepted as strict, accepted or refused, with the reason — for a simple
 * tool with nothing to fold out, and says why a tool with a free-form object cannot be strict (the
 * details fold out). The looks are checked by axe and kept as screenshots.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { expectAccessible } from "./support/accessibility";
import { storageStateFor } from "./support/environment";

test.use({ storageState: storageStateFor("editor") });

/** A new tool with a list parameter `tags`, a header and a query entry sending `tags`: every kind of row. */
async function draftToolWithRows(page: Page) {
  await page.goto("/tools/new-tool");
  await page.getByLabel("Name", { exact: true }).fill("e2e_layout_draft");
  await page.getByLabel("Description", { exact: true }).fill("Finds articles by tag.");
  await page.getByLabel("URL").fill("https://api.example.com/articles");
  await page.getByRole("button", { name: "Add parameter" }).click();
  await page.getByLabel("Name of parameter new parameter").fill("tags");
  await page.getByLabel("Type of tags", { exact: true }).selectOption("array");
  await page.getByRole("button", { name: "Add header" }).click();
  await page.getByLabel("Headers name 1").fill("Accept");
  await page.getByLabel("Value of Accept").fill("application/json");
  await page.getByRole("button", { name: "Add query parameter" }).click();
  await page.getByLabel("Query parameters name 1").fill("tag");
  // A list parameter's placeholder brings the row its widest control, the list style.
  await page.getByLabel("Value of tag").fill("{{tags}}");
}

/** The controls share one line: each one's vertical centre lies within the first one's height (they differ in height). */
async function expectOneLine(controls: readonly Locator[]) {
  const boxes = await Promise.all(controls.map(async (control) => (await control.boundingBox())!));
  const [first] = boxes;
  for (const box of boxes) {
    const centre = box.y + box.height / 2;
    expect(centre).toBeGreaterThanOrEqual(first!.y);
    expect(centre).toBeLessThanOrEqual(first!.y + first!.height);
  }
}

test("at 1280 px the editor's rows, fields and preview each fit on their line", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await draftToolWithRows(page);

  await expectOneLine([
    page.getByLabel("Headers name 1"),
    page.getByLabel("Value of Accept"),
    page.getByRole("button", { name: "Insert a placeholder into Accept" }),
    page.getByRole("checkbox", { name: "Accept is secret" }),
    page.getByRole("button", { name: "Remove Accept" }),
  ]);
  await expectOneLine([
    page.getByLabel("Query parameters name 1"),
    page.getByLabel("Value of tag"),
    page.getByLabel("How tag sends a list"),
    page.getByRole("button", { name: "Remove tag" }),
  ]);
  await expectOneLine([
    page.getByRole("button", { name: "Reorder tags" }),
    page.getByLabel("Name of parameter tags"),
    page.getByLabel("Type of tags", { exact: true }),
    page.getByRole("checkbox", { name: "tags is required" }),
    page.getByRole("button", { name: "More actions for tags" }),
  ]);
  const name = (await page.getByLabel("Name", { exact: true }).boundingBox())!;
  const group = (await page.getByLabel("Group", { exact: true }).boundingBox())!;
  expect(Math.abs(name.y - group.y)).toBeLessThanOrEqual(1);

  const preview = page.getByRole("complementary", { name: "Live preview" });
  const tabs = preview.getByRole("tablist", { name: "Preview" });
  const [scrollWidth, clientWidth] = await tabs.evaluate((list) => [list.scrollWidth, list.clientWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  // Each tab lies inside the row (a pixel allowed for sub-pixel layout).
  const bar = (await tabs.boundingBox())!;
  for (const tab of await tabs.getByRole("tab").all()) {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(bar.x - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(bar.x + bar.width + 1);
  }
  await expect(preview.getByRole("tab", { name: /^Compatibility( \(\d+ refused\))?$/ })).toBeVisible();
  const addItem = preview.getByRole("button", { name: "Add item to tags" });
  await expect(addItem).toHaveText("Add item");
  await addItem.click();
  await expect(preview.getByRole("textbox", { name: /^Tag 1\b/ })).toBeVisible();

  await page.getByRole("button", { name: "Show details of tags" }).click();
  await expect(page.getByRole("textbox", { name: /Unique items/ })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Unique items" }).click();
  await expect(page.getByRole("checkbox", { name: "Unique items" })).toBeChecked();
  await page.getByRole("tab", { name: "JSON Schema" }).click();
  await expect(page.getByLabel("Parameters (JSON Schema)")).toContainText('"uniqueItems": true');
  await page.getByRole("tab", { name: "Fields" }).click();

  await page.screenshot({ path: "data/screenshots/editor-layout-1280.png", fullPage: true });
  await expectAccessible(page, "tool editor at 1280 px");

  // A parameter just added takes the focus; its blank name is a mistake only once the operator leaves it.
  const parameters = page.getByRole("list", { name: "Parameters" });
  await page.getByRole("button", { name: "Add parameter" }).click();
  const blank = page.getByLabel("Name of parameter new parameter");
  await expect(blank).toBeFocused();
  await expect(parameters.getByText(/needs a name/)).toHaveCount(0);
  await expect(blank).not.toHaveAttribute("aria-invalid", "true");
  await page.keyboard.press("Tab");
  await expect(parameters.getByText(/needs a name/)).toBeVisible();
  await expect(blank).toHaveAttribute("aria-invalid", "true");
});

test("at 390 px the editor scrolls only downwards", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await draftToolWithRows(page);
  await page.getByRole("button", { name: "Show details of tags" }).click();
  await expect(page.getByRole("checkbox", { name: "Unique items" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "data/screenshots/editor-layout-390.png", fullPage: true });
  await expectAccessible(page, "tool editor at 390 px");
});

/** The editor's save bar sticks to the viewport's bottom, over whatever the panel's screenshot holds there. */
const HIDE_SAVE_BAR = ".sticky.bottom-0 { visibility: hidden; }";

/** The compatibility panel's line for `provider`. */
const compatibilityLine = (page: Page, provider: string) =>
  page.getByRole("region", { name: "Provider compatibility" }).getByRole("listitem").filter({ hasText: new RegExp(`^${provider}`) });

for (const width of [1280, 390]) {
  test(`at ${width} px the compatibility panel gives each provider one line, with the reason`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    await draftToolWithRows(page);
    const preview = page.getByRole("complementary", { name: "Live preview" });
    await preview.getByRole("tab", { name: "Compatibility" }).click();
    const panel = page.getByRole("region", { name: "Provider compatibility" });
    await expect(panel.getByRole("listitem")).toHaveCount(4);
    await expect(compatibilityLine(page, "OpenAI")).toHaveText("OpenAIaccepted as strictSent with strict: true.");
    await expect(compatibilityLine(page, "Anthropic")).toHaveText("AnthropicacceptedSent as written; strict tool use is available on request (?strict=true).");
    await expect(compatibilityLine(page, "Gemini")).toHaveText("GeminiacceptedSent as written.");
    await expect(compatibilityLine(page, "MCP")).toHaveText("MCPacceptedSent as written.");
    // A simple tool has nothing to fold out.
    await expect(panel.locator("summary")).toHaveCount(0);
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: `data/screenshots/compatibility-simple-${width}.png`, style: HIDE_SAVE_BAR });

    // A free-form object: any keys go, which strict mode cannot say and Gemini refuses.
    await page.getByRole("button", { name: "Add parameter" }).click();
    await page.getByLabel("Name of parameter new parameter").fill("metadata");
    await page.getByLabel("Type of metadata", { exact: true }).selectOption("object");
    await expect(preview.getByRole("tab", { name: "Compatibility (1 refused)" })).toBeVisible();
    await preview.getByRole("tab", { name: "Compatibility (1 refused)" }).click();
    const openai = compatibilityLine(page, "OpenAI");
    await expect(openai).toContainText("accepted");
    await expect(openai).not.toContainText("accepted as strict");
    await expect(openai).toContainText("Sent with strict: false: the object declares no properties, so any keys go; strict mode needs every key declared.");
    await expect(compatibilityLine(page, "Anthropic")).toContainText("strict tool use is not possible: the object declares no properties");
    await expect(compatibilityLine(page, "Gemini")).toContainText("refusedGemini refuses an object parameter without declared properties: declare them.");
    await openai.locator("summary").click();
    await expect(openai.getByText("parameters.properties.metadata")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await panel.screenshot({ path: `data/screenshots/compatibility-not-strict-${width}.png`, style: HIDE_SAVE_BAR });
    await expectAccessible(page, `compatibility panel at ${width} px`);
  });
}
