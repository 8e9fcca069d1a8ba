/**
 * Protects the operator's work and first hour (issue 26): leaving an editor with unsaved changes
 * asks, by a link, the palette or the browser's Back (Stay keeps every character, Discard changes
 * goes on), a reload offers the draft back, the
 * editor's Discard really discards, closing the credential sheet with changes asks; the command
 * palette starts things (New tool, New credential, Create API key) and finds credentials, by role;
 * a description of the most characters allowed pushes no page sideways, and one more is refused.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { SYSTEM_ACTOR } from "../lib/audit/events";
import { expectAccessible } from "./support/accessibility";
import { E2E_DATABASE_URL, E2E_MOCK_UPSTREAM, storageStateFor } from "./support/environment";

const TOOL = "e2e_weather";
const CREDENTIAL = "e2e_shared_vendor";

async function openPalette(page: Page, query: string) {
  await page.keyboard.press("Control+K");
  const palette = page.getByRole("dialog", { name: "Command palette" });
  await palette.getByPlaceholder("Search tools, personas, credentials, actions…").fill(query);
  return palette;
}

/** Axe and a screenshot at 1280 and 390 px of what the page shows now (a dialog open), back at 1280 after. */
async function lookAt(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${name} at ${width} px`);
    await page.screenshot({ path: `data/screenshots/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("leaving the tool editor with unsaved changes asks: Stay keeps the edit, Discard changes leaves", async ({ page }) => {
    await page.goto(`/tools/${TOOL}/edit`);
    // Typed before hydration, a fill can land at the caret React resets: wait for the editor to run.
    await page.waitForLoadState("networkidle");
    const description = page.getByLabel("Description", { exact: true });
    await description.fill("Half-typed description the operator must not lose");
    const personas = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Personas" });

    await personas.click();
    const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(ask).toContainText("You have unsaved changes to this tool.");
    await expect(ask.getByRole("button", { name: "Stay" })).toBeFocused();
    await ask.getByRole("button", { name: "Stay" }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/tools/${TOOL}/edit$`));
    await expect(description).toHaveValue("Half-typed description the operator must not lose");

    // The palette's jumps ask too.
    const palette = await openPalette(page, "audit");
    await palette.getByRole("option", { name: "Audit" }).click();
    await expect(ask).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`/tools/${TOOL}/edit$`));

    await personas.click();
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Personas" })).toBeVisible();
    await page.goto(`/tools/${TOOL}/edit`);
    // Typed before hydration, a fill can land at the caret React resets: wait for the editor to run.
    await page.waitForLoadState("networkidle");
    await expect(page.getByLabel("Description", { exact: true })).not.toHaveValue("Half-typed description the operator must not lose");
    await expect(page.getByRole("status").filter({ hasText: "were kept in this tab" })).toHaveCount(0);
  });

  test("the browser's Back with unsaved changes asks too: Stay keeps the edit, Discard changes goes back", async ({ page }) => {
    await page.goto(`/tools/${TOOL}`);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/tools/${TOOL}/edit$`));
    await page.waitForLoadState("networkidle");
    const description = page.getByLabel("Description", { exact: true });
    await description.fill("Typed before pressing Back by mistake");

    const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
    // Back as the browser's own button does it (not a script's history.back()). A cancelled Back
    // never navigates, so Playwright's goBack waits out its timeout: it is awaited after Stay.
    const back = page.goBack({ timeout: 3_000 }).catch(() => null);
    await expect(ask).toBeVisible();
    await ask.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(new RegExp(`/tools/${TOOL}/edit$`));
    await expect(description).toHaveValue("Typed before pressing Back by mistake");
    await back;

    const backAgain = page.goBack().catch(() => null);
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await backAgain;
    await expect(page).toHaveURL(new RegExp(`/tools/${TOOL}$`));
    await expect(page.getByRole("link", { name: "Edit", exact: true })).toBeVisible();
  });

  test("an editor without changes leaves without a question", async ({ page }) => {
    await page.goto(`/tools/${TOOL}/edit`);
    // Typed before hydration, a fill can land at the caret React resets: wait for the editor to run.
    await page.waitForLoadState("networkidle");
    await expect(page.getByLabel("Description", { exact: true })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Audit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
  });

  test("after a reload the unsaved draft is offered back, and Restore brings every field back", async ({ page }) => {
    await page.goto(`/tools/${TOOL}/edit`);
    // Typed before hydration, a fill can land at the caret React resets: wait for the editor to run.
    await page.waitForLoadState("networkidle");
    const description = page.getByLabel("Description", { exact: true });
    const stored = await description.inputValue();
    await description.fill("Typed before an accidental reload");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    const offer = page.getByRole("status").filter({ hasText: "were kept in this tab" });
    await expect(offer).toContainText("Secret values are never kept");
    await expect(description).toHaveValue(stored);

    await offer.getByRole("button", { name: "Restore changes" }).click();
    await expect(offer).toBeHidden();
    await expect(description).toHaveValue("Typed before an accidental reload");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    await expect(page.getByText("Unsaved changes", { exact: true })).toBeVisible();

    // Discard puts the editor back as the tool was opened, and forgets the kept draft.
    await page.getByRole("button", { name: "Discard", exact: true }).click();
    await expect(description).toHaveValue(stored);
    await expect(page.getByText("No changes yet", { exact: true })).toBeVisible();
    await page.reload();
    await expect(description).toHaveValue(stored);
    await expect(offer).toHaveCount(0);
  });

  test("closing the credential sheet with unsaved changes asks first", async ({ page }) => {
    await page.goto("/credentials");
    await page.getByRole("button", { name: "New credential" }).click();
    const sheet = page.getByRole("dialog", { name: "New credential" });
    await sheet.getByLabel("Name", { exact: true }).fill("half_typed_vendor");

    await page.keyboard.press("Escape");
    const ask = page.getByRole("alertdialog", { name: "Discard your changes?" });
    await expect(ask).toContainText("this new credential are not saved");
    await lookAt(page, "credential-discard-question");
    await ask.getByRole("button", { name: "Keep editing" }).click();
    await expect(sheet.getByLabel("Name", { exact: true })).toHaveValue("half_typed_vendor");

    await sheet.getByRole("button", { name: "Cancel" }).click();
    await ask.getByRole("button", { name: "Discard changes" }).click();
    await expect(sheet).toBeHidden();
    await page.getByRole("button", { name: "New credential" }).click();
    await expect(sheet.getByLabel("Name", { exact: true })).toHaveValue("");
  });

  test("a new tool named like an existing one marks the Name field and links the existing tool", async ({ page }) => {
    await page.goto("/tools/new-tool");
    const name = page.getByLabel("Name", { exact: true });
    await name.fill(TOOL);
    await page.getByLabel("Description", { exact: true }).fill("A second weather tool.");
    await page.getByLabel("URL").fill("https://api.example.com/weather");
    const error = `another tool is already named ${TOOL}; choose another name`;
    await expect(page.getByText(error, { exact: false }).first()).toBeVisible();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("button", { name: "Create tool" }).click();
    await expect(page.locator("#editor-problems")).toContainText(error);
    await expect(page.getByRole("button", { name: "Load the latest version and reapply my edits" })).toHaveCount(0);

    await page.getByRole("link", { name: `Open ${TOOL}` }).click();
    await page.getByRole("alertdialog", { name: "Leave without saving?" }).getByRole("button", { name: "Discard changes" }).click();
    await expect(page).toHaveURL(new RegExp(`/tools/${TOOL}$`));
    await expect(page.getByRole("heading", { level: 1, name: TOOL })).toBeVisible();
  });

  test("the palette's New tool opens the editor, and a credential found by name opens its sheet", async ({ page }) => {
    await page.goto("/");
    let palette = await openPalette(page, "new tool");
    await palette.getByRole("group", { name: "Actions" }).getByRole("option", { name: "New tool" }).click();
    await expect(page).toHaveURL(/\/tools\/new-tool$/);
    await expect(page.getByLabel("Name", { exact: true })).toBeVisible();

    palette = await openPalette(page, "shared_vendor");
    await palette.getByRole("group", { name: "Credentials" }).getByRole("option", { name: CREDENTIAL }).click();
    const sheet = page.getByRole("dialog", { name: `Edit credential ${CREDENTIAL}` });
    await expect(sheet).toBeVisible();
    await sheet.getByRole("button", { name: "Cancel" }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/credentials$/);

    palette = await openPalette(page, "new credential");
    await palette.getByRole("option", { name: "New credential" }).click();
    await expect(page.getByRole("dialog", { name: "New credential" })).toBeVisible();
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("the palette's Create API key opens the key dialog", async ({ page }) => {
    await page.goto("/");
    const palette = await openPalette(page, "api key");
    await palette.getByRole("group", { name: "Actions" }).getByRole("option", { name: "Create API key" }).click();
    await expect(page.getByRole("dialog", { name: "Create an API key" })).toBeVisible();
    await lookAt(page, "create-key-from-palette");
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
  });
});

test.describe("as a viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("a viewer's editor page shows the tool with every control disabled", async ({ page }) => {
    await page.goto(`/tools/${TOOL}/edit`);
    // Typed before hydration, a fill can land at the caret React resets: wait for the editor to run.
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 1, name: TOOL })).toBeVisible();
    for (const label of ["Name", "Description", "Group", "Method"]) await expect(page.getByLabel(label, { exact: true })).toBeDisabled();
    const definition = page.getByRole("group", { name: "Tool definition (read-only)" });
    await expect(definition.getByRole("textbox").first()).toBeVisible();
    expect(await definition.evaluate((fieldset) => fieldset.querySelectorAll("input:enabled, select:enabled, textarea:enabled, button:enabled").length)).toBe(0);
    await expect(page.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
  });

  test("the palette offers a viewer nothing to create, and a credential leads to the list", async ({ page }) => {
    await page.goto("/");
    let palette = await openPalette(page, "new");
    await expect(palette.getByRole("option", { name: "New tool" })).toHaveCount(0);
    await expect(palette.getByRole("option", { name: "New credential" })).toHaveCount(0);

    await palette.getByPlaceholder("Search tools, personas, credentials, actions…").fill("shared_vendor");
    await palette.getByRole("group", { name: "Credentials" }).getByRole("option", { name: CREDENTIAL }).click();
    await expect(page).toHaveURL(/\/credentials$/);
    palette = page.getByRole("dialog", { name: "Command palette" });
    await expect(palette).toBeHidden();
  });
});

test.describe("a tool with the longest description allowed", () => {
  test.use({ storageState: storageStateFor("editor") });
  const LONG_TOOL = "e2e_longest_description";
  // One unbroken word of the most characters a description may hold: nothing may push a page sideways.
  const LONGEST = "x".repeat(8192);

  async function dataLayer() {
    process.env.DATABASE_URL = E2E_DATABASE_URL;
    const [{ getTool }, { saveTool, deleteTool }, { parseToolDefinition }] = await Promise.all([import("../lib/catalog/tools"), import("../lib/catalog/tool-saves"), import("../lib/tools")]);
    return { getTool, saveTool, deleteTool, parseToolDefinition };
  }

  test.beforeAll(async () => {
    const { saveTool, parseToolDefinition } = await dataLayer();
    await saveTool({ definition: parseToolDefinition({ name: LONG_TOOL, description: LONGEST, request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/echo` } }), baseVersion: null, actor: SYSTEM_ACTOR });
  });
  test.afterAll(async () => {
    const { getTool, deleteTool } = await dataLayer();
    const stored = await getTool(LONG_TOOL);
    if (stored) await deleteTool(LONG_TOOL, stored.version, SYSTEM_ACTOR);
  });

  for (const width of [1280, 390]) {
    test(`no page scrolls sideways at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of [`/tools?q=${LONG_TOOL}`, `/tools/${LONG_TOOL}`, `/tools/${LONG_TOOL}/edit`, `/playground?q=${LONG_TOOL}`]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.getByText(LONGEST.slice(0, 40)).first()).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      }
      await page.goto(`/tools/${LONG_TOOL}`);
      await page.screenshot({ path: `data/screenshots/longest-description-${width}.png` });
    });
  }

  test("the editor refuses one character more, naming the limit", async ({ page }) => {
    await page.goto(`/tools/${LONG_TOOL}/edit`);
    // Typed before hydration, a fill can land at the caret React resets: wait for the editor to run.
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Description", { exact: true }).fill(`${LONGEST}y`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.locator("#editor-problems")).toContainText(/characters long; a description may hold at most 8,192/);
    const { getTool } = await dataLayer();
    expect((await getTool(LONG_TOOL))?.version).toBe(1);
  });
});
