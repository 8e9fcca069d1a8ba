/**
 * Protects shared credentials (issue 12, SPEC §5.1) as an operator uses them. An editor creates a
 * header credential for 127.0.0.1 — a refused submit keeps every field, the error beside the bad
 * host — and an OAuth2 credential against the mock upstream's token endpoint, whose Test shows
 * the token's expiry and scopes but never the token. Each is attached to a tool in the editor
 * (the picker offers only credentials admitting the URL's host), the tool is fired in the
 * playground: the page shows only masks, while the mock upstream received the real value (read in
 * Node, outside the browser). A credential in use cannot be deleted (the tools are listed); once
 * free it is deleted after a confirmation. An import naming a missing credential is refused until the
 * operator chooses to create it empty, which the report and the Credentials page then show. A save
 * that widens where a stored secret may go (api.example.com → *.example.com) warns first, naming
 * the change: Cancel keeps the form as typed and saves nothing; confirming saves and removes the
 * secret; a description-only edit saves without asking. Viewers see names, kinds and users only, and a crafted
 * save is refused. The leak guard watches every value entered; everything created is removed.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { maskSecret } from "../lib/secrets/mask";
import { MOCK_TOKEN_PREFIX } from "../lib/tools/testing";
import { expect, test } from "./fixtures/test";
import { E2E_DATABASE_URL, E2E_MOCK_UPSTREAM, E2E_SERVER_ENV, storageStateFor } from "./support/environment";
import { callServerAction, serverActionId } from "./support/server-actions";

const HEADER_CREDENTIAL = "e2e_cred_vendor_key";
const OAUTH_CREDENTIAL = "e2e_cred_oauth";
const HEADER_TOOL = "e2e_cred_header_tool";
const OAUTH_TOOL = "e2e_cred_oauth_tool";
const IMPORTED_TOOL = "e2e_cred_imported_tool";
const IMPORTED_CREDENTIAL = "e2e_cred_imported";
const WIDENED_CREDENTIAL = "e2e_cred_widened";
const VENDOR_KEY = "vk-e2e-3f9a1c7d5b2e8f40";
const CLIENT_SECRET = "cs-e2e-9d8c7b6a5f4e3d2c";
const WIDENED_KEY = "e2e-fixture-widened-credential-value";
/** Kept after the run (test-results/ is wiped by the next one); data/ is git-ignored. */
const SCREENSHOT_DIR = "data/screenshots";
const ACTOR = { id: null, email: "e2e-credentials-spec" };

interface MockRecord {
  readonly method: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** The mock upstream's log, read in Node: it holds real values, which must never pass through the browser. */
async function mockRequests(): Promise<MockRecord[]> {
  return (await (await fetch(`${E2E_MOCK_UPSTREAM}/__requests`)).json()) as MockRecord[];
}

async function clearMock() {
  expect((await fetch(`${E2E_MOCK_UPSTREAM}/__requests`, { method: "DELETE" })).status).toBe(204);
}

async function dataLayer() {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const [{ getTool }, { saveTool, deleteTool }, { getCredentialRecord }, { deleteCredentialRecord, saveCredentialRecord }, { parseToolDefinition }, { loadKeyring }] = await Promise.all([
    import("../lib/catalog/tools"),
    import("../lib/catalog/tool-saves"),
    import("../lib/credentials/server/credential-queries"),
    import("../lib/credentials/server/credential-saves"),
    import("../lib/tools"),
    import("../lib/secrets/keyring"),
  ]);
  return { getTool, saveTool, deleteTool, getCredentialRecord, deleteCredentialRecord, saveCredentialRecord, parseToolDefinition, loadKeyring };
}

/** A GET tool calling the mock upstream's echo, with no credential yet (the editor attaches one). */
async function seedTool(name: string) {
  const { saveTool, parseToolDefinition } = await dataLayer();
  const definition = parseToolDefinition({
    name,
    description: "Credentials journey: echoes what reached the upstream.",
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/vendor/items` },
  });
  await saveTool({ definition, baseVersion: null, actor: ACTOR });
}

/** Removes what this spec created, tools first (a credential in use cannot go), whatever a failed run left. */
async function removeCreated() {
  const { getTool, deleteTool, getCredentialRecord, deleteCredentialRecord } = await dataLayer();
  for (const name of [HEADER_TOOL, OAUTH_TOOL, IMPORTED_TOOL]) {
    const stored = await getTool(name);
    if (stored) await deleteTool(name, stored.version, ACTOR);
  }
  for (const name of [HEADER_CREDENTIAL, OAUTH_CREDENTIAL, IMPORTED_CREDENTIAL, WIDENED_CREDENTIAL]) {
    if (await getCredentialRecord(name)) await deleteCredentialRecord(name, ACTOR);
  }
}

/** A header credential for api.example.com holding {@link WIDENED_KEY}, stored through the data layer as the server would. */
async function seedWidenedCredential() {
  const { saveCredentialRecord, loadKeyring } = await dataLayer();
  await saveCredentialRecord({
    input: { name: WIDENED_CREDENTIAL, description: "Before the edit.", kind: "header", header_name: "X-Widened-Key", hosts: ["api.example.com"], value: WIDENED_KEY },
    keyring: loadKeyring(E2E_SERVER_ENV),
    actor: ACTOR,
  });
}

const sheet = (page: Page, title: string) => page.getByRole("dialog", { name: title });

/** Opens credential `name`'s editor from its row's ⋯ menu. */
async function openEditor(page: Page, name: string) {
  await page.getByRole("row", { name, exact: true }).getByRole("button", { name: `Actions for ${name}` }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  return sheet(page, `Edit credential ${name}`);
}

/** A screenshot of the page as it is, at `width` px, into {@link SCREENSHOT_DIR} for review. */
async function keepScreenshot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: 844 });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${width}.png` });
}

async function openNewCredential(page: Page) {
  await page.goto("/credentials");
  await page.getByRole("button", { name: "New credential" }).first().click();
  return sheet(page, "New credential");
}

/** In the tool's open editor, picks `credential`, saves, and waits for the tool page. */
async function attach(page: Page, tool: string, credential: string) {
  const picker = page.getByLabel("Credential", { exact: true });
  await expect(picker.getByRole("option", { name: new RegExp(`^${credential} `) })).toBeAttached();
  // A choice made before the editor hydrates is reset to the server-rendered value, and on a busy
  // machine hydration can end after the network is idle: choose until the editor has taken it (Save enabled).
  const save = page.getByRole("button", { name: "Save" });
  await expect(async () => {
    await picker.selectOption(credential);
    await expect(save).toBeEnabled({ timeout: 1_000 });
  }).toPass();
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/tools/${tool}$`));
}

/** Fires the tool on its Test tab and returns the run card. */
async function fire(page: Page, tool: string) {
  await page.goto(`/tools/${tool}?tab=test`);
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/playground/runs"));
  await page.getByRole("button", { name: "Fire", exact: true }).click();
  expect((await answered).status()).toBe(200);
  const card = page.getByRole("region", { name: "Run", exact: true });
  await expect(card.getByText("Success", { exact: true })).toBeVisible();
  return card;
}

test.describe.configure({ mode: "serial" });
test.beforeAll(removeCreated);
test.afterAll(removeCreated);

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("a header credential: a refused submit keeps every field; attached and fired, only its mask shows", async ({ page, leakGuard }) => {
    leakGuard.watch(VENDOR_KEY);
    await seedTool(HEADER_TOOL);
    const form = await openNewCredential(page);
    await form.getByLabel("Name", { exact: true }).fill(HEADER_CREDENTIAL);
    await form.getByLabel("Kind", { exact: true }).selectOption({ label: "Header" });
    await form.getByLabel("Header name", { exact: true }).fill("X-Vendor-Key");
    await form.getByLabel("Header value", { exact: true }).fill(VENDOR_KEY);
    await form.getByLabel("Host 1", { exact: true }).fill("http://127.0.0.1");
    await form.getByRole("button", { name: "Create credential" }).click();

    await expect(form.getByLabel("Host 1", { exact: true })).toHaveAccessibleDescription(/has a scheme: enter the host only/);
    await expect(form.getByRole("status").filter({ hasText: "Please fix the highlighted problems." })).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(HEADER_CREDENTIAL);
    await expect(form.getByLabel("Header name", { exact: true })).toHaveValue("X-Vendor-Key");
    await expect(form.getByLabel("Header value", { exact: true })).toHaveValue(VENDOR_KEY);

    await form.getByLabel("Host 1", { exact: true }).fill("127.0.0.1");
    await form.getByRole("button", { name: "Create credential" }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole("row", { name: HEADER_CREDENTIAL, exact: true });
    await expect(row).toContainText("127.0.0.1");
    await expect(row).toContainText("••••8f40");
    await expect(row).toContainText("No tool");

    // The picker follows the URL: a host the credential does not list offers nothing.
    await page.goto(`/tools/${HEADER_TOOL}/edit`);
    const url = page.getByLabel("URL", { exact: true });
    await url.fill("https://api.example.com/vendor/items");
    await expect(page.getByLabel("Credential", { exact: true }).getByRole("option")).toHaveText(["None"]);
    await expect(page.getByText("No credential may be sent to api.example.com.")).toBeVisible();
    await url.fill(`${E2E_MOCK_UPSTREAM}/vendor/items`);

    await attach(page, HEADER_TOOL, HEADER_CREDENTIAL);
    await clearMock();
    const card = await fire(page, HEADER_TOOL);
    await expect(card).toContainText("••••");
    const [sent] = await mockRequests();
    expect(sent?.path).toBe("/vendor/items");
    expect(sent?.headers["x-vendor-key"]).toBe(VENDOR_KEY);

    await page.goto("/credentials");
    await expect(page.getByRole("row", { name: HEADER_CREDENTIAL, exact: true }).getByRole("link", { name: HEADER_TOOL })).toBeVisible();
  });

  test("an OAuth2 credential: Test shows expiry and scopes, the fired tool carries a fresh token, shown masked", async ({ page, leakGuard }) => {
    leakGuard.watch(CLIENT_SECRET);
    leakGuard.watch(MOCK_TOKEN_PREFIX);
    await seedTool(OAUTH_TOOL);
    const form = await openNewCredential(page);
    await form.getByLabel("Name", { exact: true }).fill(OAUTH_CREDENTIAL);
    await form.getByLabel("Kind", { exact: true }).selectOption({ label: "OAuth2 client credentials" });
    await form.getByLabel("Token URL", { exact: true }).fill(`${E2E_MOCK_UPSTREAM}/oauth/token`);
    await form.getByLabel("Client id", { exact: true }).fill("quiver-e2e");
    await form.getByLabel("Scopes (optional)", { exact: true }).fill("read:items write");
    await form.getByLabel("Client secret", { exact: true }).fill(CLIENT_SECRET);
    await form.getByLabel("Host 1", { exact: true }).fill("127.0.0.1");
    await form.getByRole("button", { name: "Create credential" }).click();
    await expect(form).toBeHidden();

    await clearMock();
    await page.getByRole("row", { name: OAUTH_CREDENTIAL, exact: true }).getByRole("button", { name: `Actions for ${OAUTH_CREDENTIAL}` }).click();
    await page.getByRole("menuitem", { name: "Test" }).click();
    const tested = page.getByRole("dialog", { name: `Test credential ${OAUTH_CREDENTIAL}` });
    await tested.getByRole("button", { name: "Run test" }).click();
    const outcome = tested.getByRole("status").first();
    await expect(outcome).toContainText("A token was fetched. It is not shown.");
    await expect(outcome).toContainText(/Expires\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);
    await expect(outcome).toContainText("read:items write");
    const [tokenRequest] = await mockRequests();
    expect(tokenRequest?.path).toBe("/oauth/token");
    expect(tokenRequest?.headers.authorization).toBe(`Basic ${Buffer.from(`quiver-e2e:${CLIENT_SECRET}`).toString("base64")}`);
    await tested.getByRole("button", { name: "Close" }).first().click();

    await page.goto(`/tools/${OAUTH_TOOL}/edit`);
    await attach(page, OAUTH_TOOL, OAUTH_CREDENTIAL);
    await clearMock();
    const card = await fire(page, OAUTH_TOOL);
    await expect(card).toContainText("••••");
    const sent = (await mockRequests()).find((record) => record.path === "/vendor/items");
    expect(sent?.headers.authorization).toMatch(new RegExp(`^Bearer ${MOCK_TOKEN_PREFIX}\\d+$`));
  });

  test("a credential in use cannot be deleted (its tools are listed); once free it is, after a confirmation", async ({ page }) => {
    await page.goto("/credentials");
    const actions = () => page.getByRole("row", { name: HEADER_CREDENTIAL, exact: true }).getByRole("button", { name: `Actions for ${HEADER_CREDENTIAL}` });
    await actions().click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const refused = page.getByRole("dialog", { name: `${HEADER_CREDENTIAL} is in use` });
    await expect(refused.getByRole("list", { name: `Tools using ${HEADER_CREDENTIAL}` }).getByRole("link", { name: HEADER_TOOL })).toHaveAttribute("href", `/tools/${HEADER_TOOL}/edit`);
    await refused.getByRole("button", { name: "Close" }).first().click();

    const { getTool, deleteTool } = await dataLayer();
    const tool = await getTool(HEADER_TOOL);
    await deleteTool(HEADER_TOOL, tool!.version, ACTOR);
    await page.reload();
    await actions().click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete credential ${HEADER_CREDENTIAL}?` });
    await confirm.getByRole("button", { name: "Delete credential" }).click();
    await expect(page.getByText(`Credential ${HEADER_CREDENTIAL} deleted.`)).toBeVisible();
    await expect(page.getByRole("row", { name: HEADER_CREDENTIAL, exact: true })).toHaveCount(0);
  });
});

test.describe("a save that would remove the stored secret", () => {
  test.use({ storageState: storageStateFor("editor"), viewport: { width: 1280, height: 800 } });

  test("asks first, naming what widens: Cancel keeps the form and saves nothing, confirming removes the secret; a description-only edit does not ask", async ({ page, leakGuard }) => {
    leakGuard.watch(WIDENED_KEY);
    await seedWidenedCredential();
    const { getCredentialRecord } = await dataLayer();
    await page.goto("/credentials");
    const row = page.getByRole("row", { name: WIDENED_CREDENTIAL, exact: true });
    await expect(row).toContainText(maskSecret(WIDENED_KEY));

    const described = await openEditor(page, WIDENED_CREDENTIAL);
    await described.getByLabel("Description (optional)", { exact: true }).fill("Rotated in March.");
    await described.getByRole("button", { name: "Save credential" }).click();
    await expect(described).toBeHidden();
    await expect(page.getByText(`Credential ${WIDENED_CREDENTIAL} saved.`)).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(row).toContainText("Rotated in March.");
    await expect(row).toContainText(maskSecret(WIDENED_KEY));

    const form = await openEditor(page, WIDENED_CREDENTIAL);
    await form.getByLabel("Description (optional)", { exact: true }).fill("Every regional endpoint.");
    await form.getByLabel("Host 1", { exact: true }).fill("*.example.com");
    await form.getByRole("button", { name: "Save credential" }).click();
    const warning = page.getByRole("alertdialog", { name: "Remove the stored secret?" });
    await expect(warning).toContainText("api.example.com → *.example.com adds every subdomain of example.com");
    await expect(warning).toContainText("Saving removes the stored secret, and calls using this credential are refused until a new one is entered.");
    await expect(warning.getByRole("button", { name: "Cancel" })).toBeFocused();
    await keepScreenshot(page, "credentials-secret-loss-warning", 390);
    await keepScreenshot(page, "credentials-secret-loss-warning", 1280);

    await warning.getByRole("button", { name: "Cancel" }).click();
    await expect(warning).toBeHidden();
    await expect(form.getByLabel("Host 1", { exact: true })).toHaveValue("*.example.com");
    await expect(form.getByLabel("Description (optional)", { exact: true })).toHaveValue("Every regional endpoint.");
    expect(await getCredentialRecord(WIDENED_CREDENTIAL)).toMatchObject({ hosts: ["api.example.com"], mask: maskSecret(WIDENED_KEY) });

    await form.getByRole("button", { name: "Save credential" }).click();
    await warning.getByRole("button", { name: "Save and remove the secret" }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText("The stored secret cannot follow this change (api.example.com → *.example.com adds every subdomain of example.com): enter it again.")).toBeVisible();
    await expect(row).toContainText("*.example.com");
    await expect(row).toContainText("not set");
    expect(await getCredentialRecord(WIDENED_CREDENTIAL)).toMatchObject({ hosts: ["*.example.com"], description: "Every regional endpoint.", mask: null });
  });
});

test.describe("importing a tool whose credential is missing", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("is blocked until the operator chooses to create the credential empty", async ({ page }) => {
    const tool = { name: IMPORTED_TOOL, description: "Imported naming a credential this Quiver lacks.", request: { method: "GET", url: "https://api.example.com/imported" }, auth: { credential: IMPORTED_CREDENTIAL } };
    await page.goto("/tools/import-tools");
    await page.getByRole("textbox", { name: "Import document" }).click();
    await page.keyboard.insertText(JSON.stringify([tool]));
    await page.getByRole("button", { name: "Check" }).click();
    const missing = page.getByRole("region", { name: "Missing credentials" });
    await expect(missing).toContainText(`${IMPORTED_CREDENTIAL}, named by ${IMPORTED_TOOL}`);
    const importButton = page.getByRole("button", { name: "Import", exact: true });
    await expect(importButton).toBeDisabled();
    await expect(page.getByText("Nothing is imported while a credential the tools name is missing.")).toBeVisible();

    await missing.getByRole("checkbox", { name: /Create the missing credentials empty/ }).check();
    await importButton.click();
    const report = page.getByRole("region", { name: "Import report" });
    await expect(report.getByRole("heading", { name: "Credentials created empty" })).toBeVisible();
    await expect(report).toContainText(`${IMPORTED_CREDENTIAL}: set each one's kind, hosts and secret`);
    await expect(report.getByRole("link", { name: IMPORTED_TOOL })).toBeVisible();

    await page.goto("/credentials");
    const row = page.getByRole("row", { name: IMPORTED_CREDENTIAL, exact: true });
    await expect(row).toContainText("api.example.com");
    await expect(row).toContainText("not set");
    await expect(row.getByRole("link", { name: IMPORTED_TOOL })).toBeVisible();
  });
});

test.describe("as a viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("sees names, kinds and users only, and a crafted save is refused", async ({ page }) => {
    await page.goto("/credentials");
    const row = page.getByRole("row", { name: OAUTH_CREDENTIAL, exact: true });
    await expect(row).toContainText("OAuth2 client credentials");
    await expect(row.getByRole("link", { name: OAUTH_TOOL })).toBeVisible();
    await expect(page.locator("main")).not.toContainText("127.0.0.1");
    await expect(page.locator("main")).not.toContainText("quiver-e2e");
    await expect(page.getByRole("button", { name: "New credential" })).toHaveCount(0);
    await expect(row.getByRole("button")).toHaveCount(0);

    const save = serverActionId("lib/credentials/server/actions.ts", "saveCredentialAction");
    const input = { name: "e2e_cred_crafted", kind: "header", header_name: "X-Key", value: "crafted-value", hosts: ["127.0.0.1"] };
    const response = await callServerAction(page.request, "/credentials", save, [{ input, existingName: null, basedOnVersion: null, clearSecret: false }]);
    expect(await response.text()).toContain("This needs the editor role");
    await page.reload();
    await expect(page.getByRole("row", { name: "e2e_cred_crafted" })).toHaveCount(0);
  });
});
