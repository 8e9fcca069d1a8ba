/**
 * Protects authoring a tool through the editor as an operator would: building a tool with nested
 * parameters, a body template, a secret header and json_path extraction entirely through the form,
 * finding it intact after a reload; the JSON tab round trip and its refusal of a forbidden keyword;
 * a stale save refused and the edits reapplied on the colleague's version; a rename that updates
 * the personas naming the tool; and the editor by keyboard alone. The typed secret is watched by
 * the leak guard: it must never come back to the browser.
 */
import type { Locator, Page } from "@playwright/test";
import { maskSecret } from "../lib/secrets/mask";
import { expect, test } from "./fixtures/test";
import { expectAccessible } from "./support/accessibility";
import { storageStateFor } from "./support/environment";
import { openGuardedPage } from "./support/guarded-page";

test.use({ storageState: storageStateFor("editor") });

const TOOL = "e2e_create_order";
const SECRET = "sk-authoring-e2e-5f1c9a2b7d";

/** Opens a parameter's details (a new one may already be open). */
async function showDetails(scope: Locator | Page, name: string) {
  const toggle = scope.getByRole("button", { name: new RegExp(`^(Show|Hide) details of ${name}$`) });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

async function addParameter(scope: Locator | Page, name: string, type: string, addLabel = "Add parameter") {
  await scope.getByRole("button", { name: addLabel }).last().click();
  const page = "page" in scope ? scope.page() : scope;
  await page.getByLabel("Name of parameter new parameter").last().fill(name);
  await page.getByLabel(`Type of ${name}`, { exact: true }).selectOption(type);
}

/** Opens a new tool and types its name and description (and its URL when given), as every authoring journey starts. */
async function startTool(page: Page, name: string, description: string, url?: string) {
  await page.goto("/tools/new-tool");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill(description);
  if (url !== undefined) await page.getByLabel("URL").fill(url);
}

test("builds a tool through the form, and finds every value after a reload", async ({ page, leakGuard }) => {
  leakGuard.watch(SECRET);
  await startTool(page, TOOL, "Creates an order for a customer.");

  await addParameter(page, "customer", "object");
  await showDetails(page, "customer");
  const customer = page.getByRole("group", { name: "Properties of customer" });
  await addParameter(customer, "email", "string", "Add property");

  await addParameter(page, "lines", "array");
  await showDetails(page, "lines");
  await page.getByRole("group", { name: "Each item of lines" }).getByLabel("Item type").selectOption("object");
  const line = page.getByRole("group", { name: "Properties of lines item" });
  await addParameter(line, "unit", "string", "Add property");
  await showDetails(line, "unit");
  await line.getByLabel("Allowed values").fill("piece, box");

  await page.getByLabel("Method").selectOption("POST");
  await page.getByLabel("URL").fill("https://api.example.com/orders");
  await page.getByRole("button", { name: "Add header" }).click();
  await page.getByLabel("Headers name 1").fill("Authorization");
  await page.getByLabel("Authorization is secret").click();
  await page.getByLabel("Secret value of Authorization").fill(SECRET);
  await page.getByLabel("Request body template").fill('{"customer": "{{customer}}", "lines": "{{lines}}"}');
  await page.getByLabel("Result for the model").selectOption("json_path");
  await page.getByLabel("JSON path").fill("data.order_id");

  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page).toHaveURL(`/tools/${TOOL}`);
  await expect(page.getByRole("heading", { level: 1, name: TOOL })).toBeVisible();
  await expect(page.getByLabel("Authorization is a secret")).toContainText(maskSecret(SECRET));

  await page.goto(`/tools/${TOOL}/edit`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(TOOL);
  await expect(page.getByLabel("Name of parameter customer")).toHaveValue("customer");
  await expect(page.getByLabel("Type of lines", { exact: true })).toHaveValue("array");
  await showDetails(page, "lines");
  await expect(page.getByRole("group", { name: "Each item of lines" }).getByLabel("Item type")).toHaveValue("object");
  await showDetails(page.getByRole("group", { name: "Properties of lines item" }), "unit");
  await expect(page.getByRole("group", { name: "Properties of lines item" }).getByLabel("Allowed values")).toHaveValue("piece, box");
  await expect(page.getByLabel("Method")).toHaveValue("POST");
  await expect(page.getByLabel("Secret value of Authorization")).toHaveAttribute("placeholder", /^••••/);
  await expect(page.getByLabel("Secret value of Authorization")).toHaveValue("");
  await expect(page.getByLabel("JSON path")).toHaveValue("data.order_id");
  await expect(page.getByLabel("Request body template")).toContainText('"{{customer}}"');
  await expect(page.getByText("No changes yet")).toBeVisible();
});

test("the JSON tab keeps every keyword, and a forbidden one is shown at its place and refused", async ({ page }) => {
  await page.goto(`/tools/${TOOL}/edit`);
  await page.getByRole("tab", { name: "JSON", exact: true }).click();
  const json = page.getByLabel("Tool definition (JSON)");
  await expect(json).toContainText('"unit"');
  await page.getByRole("tab", { name: "Form" }).click();
  await expect(page.getByLabel("Name of parameter lines")).toHaveValue("lines");
  await expect(page.getByText("No changes yet")).toBeVisible();

  await page.getByRole("tab", { name: "JSON", exact: true }).click();
  const forbidden = {
    name: TOOL,
    description: "Creates an order for a customer.",
    parameters: { type: "object", properties: { customer: { type: "object", oneOf: [], properties: {} } } },
    request: { method: "POST", url: "https://api.example.com/orders" },
  };
  await json.fill(JSON.stringify(forbidden, null, 2));
  await expect(page.getByRole("list", { name: "JSON problems" })).toContainText("oneOf");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /stops? this tool from being saved/ })).toContainText("parameters.properties.customer.oneOf");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(TOOL);
  await page.goto(`/tools/${TOOL}?tab=history`);
  await expect(page.getByRole("tabpanel")).toContainText("v1");
  await expect(page.getByRole("tabpanel")).not.toContainText("v2");
});

test("an output schema typed on the form is checked where it stands, refused beside a halt, and kept after a save", async ({ page }) => {
  const name = "e2e_order_shape";
  await startTool(page, name, "Reads an order's state.", "https://api.example.com/orders/A-1");
  await page.getByLabel("Result for the model").selectOption("json_path");
  await page.getByLabel("JSON path").fill("data");
  const outputSchema = page.getByLabel("Output schema");
  await outputSchema.fill('{"type": "string"}');
  await page.getByRole("button", { name: "Create tool" }).click();
  const blocked = page.getByRole("alert").filter({ hasText: /stops? this tool from being saved/ });
  await expect(blocked).toContainText('the output_schema root must be {"type": "object"}');
  await expect(page).toHaveURL("/tools/new-tool");

  const shape = { type: "object", properties: { id: { type: "string" }, state: { type: "string" } }, required: ["id"] };
  await outputSchema.fill(JSON.stringify(shape));
  await page.getByLabel("End the agent's turn when the response says so").check();
  await page.getByLabel("When the value at").fill("state");
  await page.getByLabel("Is one of").fill("closed");
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(blocked).toContainText("cannot be combined with halt_when");
  await expect(page).toHaveURL("/tools/new-tool");

  await page.getByLabel("End the agent's turn when the response says so").uncheck();
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page).toHaveURL(`/tools/${name}`);
  await page.goto(`/tools/${name}/edit`);
  await expect(page.getByLabel("Output schema")).toContainText('"required": [');
  await page.getByRole("tab", { name: "JSON", exact: true }).click();
  await expect(page.getByLabel("Tool definition (JSON)")).toContainText('"output_schema"');
});

test("a JSON path written as JSONPath is refused at save with the dotted path to write, and the fixed one saves", async ({ page }) => {
  const name = "e2e_jsonpath_fix";
  await startTool(page, name, "Reads an order's status.", "https://api.example.com/orders/A-1");
  await page.getByLabel("Result for the model").selectOption("json_path");
  await page.getByLabel("JSON path").fill("$.data.status");
  const fix = 'is written as JSONPath, which Quiver\'s dotted paths are not: write "data.status"';
  // Marked where it stands as the operator types, and the save is refused with the same words.
  await expect(page.getByText(fix).first()).toBeVisible();
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page.getByRole("alert").filter({ hasText: /stops? this tool from being saved/ })).toContainText(fix);
  await expect(page).toHaveURL("/tools/new-tool");
  await page.getByLabel("JSON path").fill("data.status");
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page).toHaveURL(`/tools/${name}`);
});

test("a tool can keep trace context off its API's wire: the box saves trace_context false and shows it off again", async ({ page }) => {
  const name = "e2e_quiet_trace";
  await startTool(page, name, "Reads an order without trace headers.", "https://api.example.com/orders/A-1");
  const traceContext = page.getByLabel("Send trace context to the API");
  await expect(traceContext).toBeChecked();
  await traceContext.uncheck();
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page).toHaveURL(`/tools/${name}`);
  await page.goto(`/tools/${name}/edit`);
  await expect(page.getByLabel("Send trace context to the API")).not.toBeChecked();
  await page.getByRole("tab", { name: "JSON", exact: true }).click();
  await expect(page.getByLabel("Tool definition (JSON)")).toContainText('"trace_context": false');
});

test("a form body and a comma-joined list are chosen in the editor, saved, and shown again", async ({ page }) => {
  const name = "e2e_form_charge";
  await startTool(page, name, "Charges a card, expanding the objects asked for.");
  await addParameter(page, "expand", "array");
  await page.getByLabel("Method").selectOption("POST");
  await page.getByLabel("URL").fill("https://api.example.com/v1/charges");
  await page.getByRole("button", { name: "Add query parameter" }).click();
  await page.getByLabel("Query parameters name 1").fill("expand");
  await page.getByLabel("Value of expand").fill("{{expand}}");
  // The style picker appears once the value is exactly a list parameter's placeholder.
  await page.getByLabel("How expand sends a list").selectOption({ label: "Comma: k=a,b" });
  await page.getByLabel("Sent as").selectOption({ label: "Form (urlencoded)" });
  await page.getByLabel("Request body template").fill('{"amount": 2000, "currency": "eur"}');
  await expect(page.getByText("An object of form fields: each is sent as")).toBeVisible();
  await page.getByRole("button", { name: "Create tool" }).click();
  await expect(page).toHaveURL(`/tools/${name}`);
  await expect(page.getByText("Form fields (sent urlencoded)")).toBeVisible();
  await expect(page.getByText("list joined by comma")).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `data/screenshots/tool-request-encodings-${width}.png`, fullPage: true });
    await expectAccessible(page, `tool page at ${width} px`);
  }

  await page.goto(`/tools/${name}/edit`);
  await expect(page.getByLabel("Sent as")).toHaveValue("form");
  await expect(page.getByLabel("How expand sends a list")).toHaveValue("comma");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByLabel("How expand sends a list").evaluate((element) => element.scrollIntoView({ block: "center" }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `data/screenshots/editor-request-encodings-${width}.png` });
    await expectAccessible(page, `editor at ${width} px`);
  }
  await page.getByRole("tab", { name: "JSON", exact: true }).click();
  const json = page.getByLabel("Tool definition (JSON)");
  await expect(json).toContainText('"body_format": "form"');
  await expect(json).toContainText('"query_style"');
});

test("the parameters' JSON Schema tab lifts pasted flat sugar into fields and marks a forbidden keyword", async ({ page }) => {
  await page.goto("/tools/new-tool");
  await page.getByRole("tab", { name: "JSON Schema" }).click();
  const schema = page.getByLabel("Parameters (JSON Schema)");
  await schema.fill('{"type": "object", "properties": {"sku": {"type": "string", "anyOf": []}}}');
  await expect(page.getByRole("list", { name: "JSON Schema problems" })).toContainText("parameters.properties.sku.anyOf");
  await page.getByRole("tab", { name: "Fields" }).click();
  await expect(page.getByRole("tab", { name: "JSON Schema" })).toHaveAttribute("aria-selected", "true");
  await schema.fill('[{"name": "sku", "type": "string", "required": true}, {"name": "sizes", "type": "array:integer"}]');
  await expect(page.getByRole("list", { name: "JSON Schema problems" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Fields" }).click();
  await expect(page.getByLabel("Name of parameter sku")).toHaveValue("sku");
  await expect(page.getByLabel("sku is required")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel("Type of sizes", { exact: true })).toHaveValue("array");
});

test("a save based on a stale version is refused with what changed, and the edits are reapplied", async ({ page, browser, leakGuard }) => {
  const colleague = await openGuardedPage(browser, leakGuard, storageStateFor("admin"));
  await page.goto(`/tools/${TOOL}/edit`);
  await colleague.page.goto(`/tools/${TOOL}/edit`);
  // Both editors must be running before anyone types: on a loaded machine, text filled in before
  // hydration was merged with the server-rendered value (the colleague's save came out as new + old).
  await Promise.all([page.waitForLoadState("networkidle"), colleague.page.waitForLoadState("networkidle")]);

  await colleague.page.getByLabel("Description", { exact: true }).fill("Creates an order (colleague's words).");
  await colleague.page.getByRole("button", { name: "Save" }).click();
  await expect(colleague.page).toHaveURL(`/tools/${TOOL}`);
  await colleague.close();

  await page.getByLabel("Timeout (seconds)").fill("30");
  await page.getByRole("button", { name: "Save" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "description" });
  await expect(refusal).toBeVisible();
  await page.getByRole("button", { name: "Load the latest version and reapply my edits" }).click();
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Creates an order (colleague's words).");
  await expect(page.getByLabel("Timeout (seconds)")).toHaveValue("30");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(`/tools/${TOOL}`);
  await expect(page.getByText("v3", { exact: true })).toBeVisible();
});

test("renaming a tool a persona names updates the persona in the same save", async ({ page }) => {
  await page.goto("/tools/e2e_rename_me/edit");
  await page.getByLabel("Name", { exact: true }).fill("e2e_renamed");
  await page.getByRole("button", { name: "Save" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename e2e_rename_me to e2e_renamed?" });
  await expect(dialog).toContainText("Rename check");
  await dialog.getByRole("button", { name: "Rename" }).click();
  await expect(page).toHaveURL("/tools/e2e_renamed");
  await page.goto("/personas/e2e-rename");
  const persona = page.getByRole("region", { name: "Rename check" });
  await expect(persona.getByRole("row", { name: "e2e_renamed" })).toContainText("available");
  await expect(persona).not.toContainText("Names that match no tool");
});

test("the editor works by keyboard alone: add, reorder and save", async ({ page }) => {
  await page.goto(`/tools/${TOOL}/edit`);
  await page.getByRole("button", { name: "Add parameter" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Name of parameter new parameter")).toBeVisible();
  await page.getByLabel("Name of parameter new parameter").focus();
  await page.keyboard.type("note");
  await page.getByRole("button", { name: "More actions for note" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Move up" }).focus();
  await page.keyboard.press("Enter");
  const order = await page.getByRole("list", { name: "Parameters" }).locator(":scope > li").getByRole("textbox", { name: /^Name of parameter / }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(order).toEqual(["customer", "note", "lines"]);
  await page.getByRole("button", { name: "Save" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/tools/${TOOL}`);
  await page.getByRole("tab", { name: "Parameters" }).click();
  await expect(page.getByRole("row", { name: "note" })).toBeVisible();
});
