/**
 * Protects what an operator typed (issue 15): on every form the server can refuse — new persona,
 * persona details, grant, new API key, tool editor, JSON import, curl, OpenAPI, turn context of a
 * run, save as test case — each field still holds what was typed or chosen after the refusal, the
 * reason shows next to the field (an over-limit value names the limit) or above the form, and
 * nothing changed. The new-persona form then creates exactly what was kept.
 * Shared state: the persona e2e-form-keep and the tool e2e_form_doomed are created and deleted here.
 */
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { E2E_BASE_URL, storageStateFor } from "./support/environment";
import { callServerAction, serverActionId } from "./support/server-actions";

const PERSONA = { name: "E2E form keep", slug: "e2e-form-keep" };
const DOOMED_TOOL = "e2e_form_doomed";
const PARENT = "support-base";
const GRANTED = "e2e_orders";
const over = (limit: number) => "x".repeat(limit + 1);

/** Calls `name` of the actions file `file` as the signed-in operator of `request`. */
function callAction(request: APIRequestContext, file: string, name: string, args: readonly unknown[]) {
  return callServerAction(request, "/personas", serverActionId(file, name), args);
}

const MANAGE_ACTIONS = "lib/personas/server/actions.ts";
const TOOL_ACTIONS = "lib/catalog/actions.ts";

/** The remove buttons of what a multi-select lists as chosen, one per chosen value. */
const chosen = (scope: Page | Locator) => scope.getByRole("list", { name: "Chosen" }).getByRole("button");
const removing = (...labels: string[]) => labels.map((label) => `Remove ${label}`);

test.describe.configure({ mode: "serial" });

test.describe("as an admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: E2E_BASE_URL, storageState: storageStateFor("admin") });
    await callAction(request, MANAGE_ACTIONS, "deletePersonaAction", [PERSONA.slug]);
    await request.dispose();
  });

  test("new persona: a too-long description is refused next to it, every field keeps its value, and the fixed form creates what was kept", async ({ page }) => {
    await page.goto("/personas");
    await page.getByRole("button", { name: "New persona" }).click();
    const dialog = page.getByRole("dialog", { name: "New persona" });
    await dialog.getByLabel("Name").fill(PERSONA.name);
    await dialog.getByLabel("Description").fill(over(1024));
    await dialog.getByLabel("Parent", { exact: true }).selectOption({ value: PARENT });
    await dialog.getByRole("radio", { name: "Chosen tools" }).click();
    await dialog.getByRole("combobox", { name: "Granted tools" }).click();
    await page.getByPlaceholder("Search tools…").fill(GRANTED);
    await page.getByRole("option", { name: GRANTED }).click();
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Create persona" }).click();

    await expect(dialog.getByLabel("Description")).toHaveAccessibleDescription("must be at most 1,024 characters");
    await expect(dialog.getByLabel("Description")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Name")).toHaveValue(PERSONA.name);
    await expect(dialog.getByLabel("Slug")).toHaveValue(PERSONA.slug);
    await expect(dialog.getByLabel("Description")).toHaveValue(over(1024));
    await expect(dialog.getByLabel("Parent", { exact: true })).toHaveValue(PARENT);
    await expect(dialog.getByRole("radio", { name: "Chosen tools" })).toBeChecked();
    await expect(chosen(dialog)).toHaveText(removing(GRANTED));
    expect((await page.request.get(`/personas/${PERSONA.slug}`)).status()).toBe(404);

    await dialog.getByLabel("Description").fill("Kept through a refused submit.");
    await dialog.getByRole("button", { name: "Create persona" }).click();
    await expect(page).toHaveURL(`/personas/${PERSONA.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: PERSONA.name })).toBeVisible();
    await page.getByRole("tab", { name: "Grant" }).click();
    await expect(page.getByRole("radio", { name: "Chosen tools" })).toBeChecked();
    await expect(chosen(page)).toHaveText(removing(GRANTED));
  });

  test("persona details: a too-long name is refused next to it; name and description keep what was typed; nothing is saved", async ({ page }) => {
    await page.goto(`/personas/${PERSONA.slug}?tab=settings`);
    await page.getByLabel("Name").fill(over(100));
    await page.getByLabel("Description").fill("An edited description.");
    await page.getByRole("button", { name: "Save details" }).click();

    await expect(page.getByLabel("Name")).toHaveAccessibleDescription("must be at most 100 characters");
    await expect(page.getByLabel("Name")).toHaveValue(over(100));
    await expect(page.getByLabel("Description")).toHaveValue("An edited description.");
    // The details are unsaved, so the browser asks before the reload: leave.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await expect(page.getByLabel("Name")).toHaveValue(PERSONA.name);
    await expect(page.getByLabel("Description")).toHaveValue("Kept through a refused submit.");
  });

  test("grant: a tool deleted while the grant was edited is refused; the choice and every chosen tool stay", async ({ page }) => {
    const document = { name: DOOMED_TOOL, description: "Deleted while a grant names it.", request: { method: "GET", url: "https://api.example.com/doomed" } };
    await callAction(page.request, TOOL_ACTIONS, "saveToolAction", [{ document, currentName: null, baseVersion: null, secrets: {}, renamePersonaReferences: false }]);
    await page.goto(`/personas/${PERSONA.slug}?tab=grant`);
    await page.getByRole("combobox", { name: "Granted tools" }).click();
    await page.getByPlaceholder("Search tools…").fill(DOOMED_TOOL);
    await page.getByRole("option", { name: DOOMED_TOOL }).click();
    await page.keyboard.press("Escape");
    await callAction(page.request, TOOL_ACTIONS, "deleteToolAction", [DOOMED_TOOL, 1]);
    await page.getByRole("button", { name: "Save grant" }).click();

    await expect(page.getByRole("combobox", { name: "Granted tools" })).toHaveAccessibleDescription(`names no tool: ${DOOMED_TOOL}`);
    await expect(page.getByRole("radio", { name: "Chosen tools" })).toBeChecked();
    await expect(chosen(page)).toHaveText(removing(GRANTED, DOOMED_TOOL));
    await page.reload();
    await expect(chosen(page)).toHaveText(removing(GRANTED));
  });

  test("new API key: a too-long name is refused next to it; name, personas and expiry stay; no key is made", async ({ page }) => {
    await page.goto("/settings/api-keys");
    await page.getByRole("button", { name: "Create API key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an API key" });
    await dialog.getByLabel("Name").fill(over(100));
    await dialog.getByRole("combobox", { name: "Personas" }).click();
    await page.getByPlaceholder("Search personas…").fill(PERSONA.slug);
    await page.getByRole("option", { name: `${PERSONA.name} (${PERSONA.slug})` }).click();
    await page.keyboard.press("Escape");
    await dialog.getByLabel("Expires after (optional)").fill("2099-12-31");
    await dialog.getByRole("button", { name: "Create key" }).click();

    await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription("must be at most 100 characters");
    await expect(dialog.getByLabel("Name")).toHaveValue(over(100));
    await expect(chosen(dialog)).toHaveText(removing(`${PERSONA.name} (${PERSONA.slug})`));
    await expect(dialog.getByLabel("Expires after (optional)")).toHaveValue("2099-12-31");
    await expect(dialog.getByLabel("New API key")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("cell", { name: over(100) })).toHaveCount(0);
  });
});

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("tool editor: a taken name, then a too-long note, are refused; every field keeps what was typed; nothing is saved", async ({ page }) => {
    await page.goto("/tools/new-tool");
    await page.getByLabel("Name", { exact: true }).fill(GRANTED);
    await page.getByLabel("Group", { exact: true }).fill("forms");
    await page.getByLabel("Description", { exact: true }).fill("A second tool under a taken name.");
    await page.getByLabel("Tags", { exact: true }).fill("keep, input");
    await page.getByLabel("Method").selectOption("POST");
    await page.getByLabel("URL").fill("https://api.example.com/taken");
    await page.getByLabel("Note for this revision").fill("first try");
    await page.getByRole("button", { name: "Create tool" }).click();

    await expect(page.locator("#editor-problems")).toContainText(`another tool is already named ${GRANTED}; choose another name`);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(GRANTED);
    await expect(page.getByLabel("Group", { exact: true })).toHaveValue("forms");
    await expect(page.getByLabel("Description", { exact: true })).toHaveValue("A second tool under a taken name.");
    await expect(page.getByLabel("Tags", { exact: true })).toHaveValue("keep, input");
    await expect(page.getByLabel("Method")).toHaveValue("POST");
    await expect(page.getByLabel("URL")).toHaveValue("https://api.example.com/taken");
    await expect(page.getByLabel("Note for this revision")).toHaveValue("first try");

    await page.getByLabel("Name", { exact: true }).fill("e2e_form_never_saved");
    await page.getByLabel("Note for this revision").fill(over(500));
    await page.getByRole("button", { name: "Create tool" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "note must be at most 500 characters" })).toBeVisible();
    await expect(page.getByLabel("Note for this revision")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Note for this revision")).toHaveValue(over(500));
    await expect(page.getByLabel("Description", { exact: true })).toHaveValue("A second tool under a taken name.");
    expect((await page.request.get("/tools/e2e_form_never_saved")).status()).toBe(404);
  });

  test("JSON import: a document that is not JSON is refused; the document stays in the editor", async ({ page }) => {
    await page.goto("/tools/import-tools");
    await page.getByRole("textbox", { name: "Import document" }).click();
    await page.keyboard.insertText('{"tools": [');
    await page.getByRole("button", { name: "Check" }).click();
    await expect(page.getByText("This is not valid JSON").first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Import document" })).toHaveText('{"tools": [');
  });

  test("OpenAPI import: a document that cannot be read is refused next to it; the document stays", async ({ page }) => {
    await page.goto("/tools/import-tools");
    await page.getByRole("tab", { name: "OpenAPI" }).click();
    const document = page.getByRole("textbox", { name: "Document" });
    await document.fill("openapi: [unclosed");
    await page.getByRole("button", { name: "Read operations" }).click();
    await expect(document).toHaveAttribute("aria-invalid", "true");
    await expect(document).toHaveValue("openapi: [unclosed");
  });

  test("curl: a command that is not curl is refused next to it; the command stays", async ({ page }) => {
    await page.goto("/tools/new-tool");
    await page.getByRole("button", { name: "Start from curl" }).click();
    const dialog = page.getByRole("dialog", { name: "Start from a curl command" });
    const command = dialog.getByRole("textbox", { name: "curl command" });
    await command.fill("wget https://api.example.com/orders");
    await dialog.getByRole("button", { name: "Read command" }).click();
    await expect(command).toHaveAttribute("aria-invalid", "true");
    await expect(command).toHaveValue("wget https://api.example.com/orders");
  });

  test("a run: a too-long turn-context value is refused next to it; arguments and context stay", async ({ page }) => {
    await page.goto("/tools/e2e_play_forecast?tab=test");
    await page.getByRole("textbox", { name: /^city/ }).fill("Porto");
    await page.getByLabel("chat_id").fill(over(2048));
    await page.getByLabel("tenant").fill("acme");
    await page.getByRole("button", { name: "Dry run", exact: true }).click();

    await expect(page.getByLabel("chat_id")).toHaveAccessibleDescription("must be at most 2,048 characters");
    await expect(page.getByLabel("chat_id")).toHaveValue(over(2048));
    await expect(page.getByLabel("tenant")).toHaveValue("acme");
    await expect(page.getByRole("textbox", { name: /^city/ })).toHaveValue("Porto");
  });

  test("save as test case: a too-long name is refused next to it; the name and the chosen expectations stay", async ({ page }) => {
    await page.goto("/tools/e2e_play_forecast?tab=test");
    await page.getByRole("textbox", { name: /^city/ }).fill("Porto");
    await page.getByRole("button", { name: "Fire", exact: true }).click();
    await page.getByRole("button", { name: "Save as test case" }).click();
    const dialog = page.getByRole("dialog", { name: "Save as test case" });
    const expectations = dialog.getByRole("checkbox");
    await expect(expectations.first()).toBeChecked();
    await expectations.first().click();
    await dialog.getByLabel("Name").fill(over(80));
    await dialog.getByRole("button", { name: "Save test case" }).click();

    await expect(dialog.getByLabel("Name")).toHaveAccessibleDescription("must be at most 80 characters");
    await expect(dialog.getByLabel("Name")).toHaveValue(over(80));
    await expect(expectations.first()).not.toBeChecked();
    await expect(expectations.nth(1)).toBeChecked();
    // What was typed is not thrown away unasked.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog", { name: "Discard your changes?" }).getByRole("button", { name: "Discard changes" }).click();
    await expect(page.getByText(over(80))).toHaveCount(0);
  });
});
