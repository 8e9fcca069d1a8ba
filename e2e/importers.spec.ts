/**
 * Protects the importers (issues 13, 27): an OpenAPI document pasted on the import page becomes tools
 * (two operations picked, one refused with its reason), one of which fires from its Test tab
 * against the mock upstream; a form-body operation imports and sends its fields urlencoded, an
 * XML-body one as the XML document its schema describes; an API
 * key in the query arrives as a shared query credential created empty, whose key, once entered, is
 * sent as ?key= and never shown; Basic auth arrives as a shared basic credential whose user name the
 * operator types at import and whose password, entered on the Credentials page, is sent and never
 * shown; a Postman collection's request, its base URL variable given a
 * value by the operator, imports and fires with its JSON body;
 * a curl command pasted on the new-tool page becomes a draft whose
 * credential stays on the server, a body value becomes a parameter, and the saved tool dry-runs.
 * Everything created is deleted at the end (shared e2e database).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { expectAccessible } from "./support/accessibility";
import { E2E_DATABASE_URL, E2E_MOCK_UPSTREAM, storageStateFor } from "./support/environment";

const CREATED = ["e2e_imp_list_widgets", "e2e_imp_create_widget", "e2e_imp_create_charge", "e2e_imp_create_order", "e2e_imp_curl_note", "e2e_imp_geocode", "e2e_imp_ledger", "e2e_imp_pm_note"];
/** The shared credential the keyed document's query API key becomes: its title, then its scheme's name. */
const MAPS_CREDENTIAL = "e2e_maps_maps_key";
const MAPS_KEY = "e2e-maps-key-0123456789";
/** The basic credential the ledger document's Basic auth becomes, and what the operator enters for it. */
const LEDGER_CREDENTIAL = "e2e_ledger_login";
const LEDGER_PASSWORD = "e2e-ledger-password-0123456789";
const CURL_SECRET = "Bearer e2e-curl-secret-0123456789";

const DOCUMENT = JSON.stringify(
  {
    openapi: "3.0.3",
    info: { title: "E2E widgets", version: "1" },
    servers: [{ url: E2E_MOCK_UPSTREAM }],
    paths: {
      "/e2e-imp/widgets": {
        get: { operationId: "e2eImpListWidgets", summary: "List widgets", tags: ["Widgets"], parameters: [{ name: "limit", in: "query", schema: { type: "integer" } }], responses: { "200": { description: "ok" } } },
        post: {
          operationId: "e2eImpCreateWidget",
          summary: "Create a widget",
          tags: ["Widgets"],
          requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["name"], properties: { name: { type: "string" } } } } } },
          responses: { "201": { description: "created" } },
        },
      },
      "/e2e-imp/charges": {
        post: {
          operationId: "e2eImpCreateCharge",
          summary: "Charge a card",
          tags: ["Payments"],
          requestBody: {
            required: true,
            content: { "application/x-www-form-urlencoded": { schema: { type: "object", required: ["amount"], properties: { amount: { type: "integer" }, note: { type: "string" } } } } },
          },
          responses: { "200": { description: "ok" } },
        },
      },
      "/e2e-imp/upload": {
        post: { operationId: "e2eImpUpload", summary: "Upload a picture", tags: ["Files"], requestBody: { content: { "multipart/form-data": { schema: { type: "object" } } } }, responses: { "200": { description: "ok" } } },
      },
    },
  },
  null,
  2,
);

/** An API that takes XML: its order is an element with an attribute and a note. */
const XML_DOCUMENT = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "E2E orders", version: "1" },
  servers: [{ url: E2E_MOCK_UPSTREAM }],
  paths: {
    "/e2e-imp/orders": {
      post: {
        operationId: "e2eImpCreateOrder",
        summary: "Place an order",
        requestBody: {
          required: true,
          content: { "text/xml": { schema: { type: "object", xml: { name: "Order" }, required: ["id"], properties: { id: { type: "string", xml: { attribute: true } }, note: { type: "string", xml: { name: "Note" } } } } } },
        },
        responses: { "200": { description: "ok" } },
      },
    },
  },
});

/** An API behind Basic auth: imported through a shared basic credential. */
const BASIC_DOCUMENT = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "E2E ledger", version: "1" },
  servers: [{ url: E2E_MOCK_UPSTREAM }],
  security: [{ Login: [] }],
  components: { securitySchemes: { Login: { type: "http", scheme: "basic" } } },
  paths: { "/e2e-imp/ledger": { get: { operationId: "e2eImpLedger", summary: "Read the ledger", responses: { "200": { description: "ok" } } } } },
});

/** An API whose key travels in the query (`?key=`) of a scheme two operations use: imported through a shared query credential. */
const KEYED_DOCUMENT = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "E2e maps", version: "1" },
  servers: [{ url: E2E_MOCK_UPSTREAM }],
  security: [{ MapsKey: [] }],
  components: { securitySchemes: { MapsKey: { type: "apiKey", in: "query", name: "key" } } },
  paths: {
    "/e2e-imp/geocode": {
      get: { operationId: "e2eImpGeocode", summary: "Geocode an address", parameters: [{ name: "address", in: "query", required: true, schema: { type: "string" } }], responses: { "200": { description: "ok" } } },
    },
    "/e2e-imp/reverse-geocode": {
      get: { operationId: "e2eImpReverseGeocode", summary: "Name a place", parameters: [{ name: "latlng", in: "query", required: true, schema: { type: "string" } }], responses: { "200": { description: "ok" } } },
    },
  },
});

/** A Postman collection whose base URL variable has no value: the operator gives it one. */
const COLLECTION = JSON.stringify({
  info: { name: "E2e postman", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
  variable: [{ key: "baseUrl", value: "", description: "Where the notes API runs." }],
  item: [
    {
      name: "Notes",
      item: [
        {
          name: "Create note",
          request: { method: "POST", url: "{{baseUrl}}/e2e-imp/customers/:customer/notes", body: { mode: "raw", raw: '{"text": "{{text}}", "pinned": true}', options: { raw: { language: "json" } } } },
        },
        { name: "Upload file", request: { method: "POST", url: "{{baseUrl}}/e2e-imp/files", body: { mode: "formdata", formdata: [{ key: "file", type: "file" }] } } },
      ],
    },
  ],
});

interface MockRecord {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string | string[]>;
  readonly headers: Record<string, string>;
  readonly body: string;
}

async function clearMock() {
  expect((await fetch(`${E2E_MOCK_UPSTREAM}/__requests`, { method: "DELETE" })).status).toBe(204);
}

/** The mock upstream's log, read in Node: it holds real secret values, which must never pass through the browser's context (the leak guard watches it). */
async function mockRequests(): Promise<MockRecord[]> {
  return (await (await fetch(`${E2E_MOCK_UPSTREAM}/__requests`)).json()) as MockRecord[];
}

const runCard = (page: Page) => page.getByRole("region", { name: "Run", exact: true });

async function runVia(page: Page, button: string) {
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/playground/runs"));
  await page.getByRole("button", { name: button, exact: true }).click();
  return (await answered).status();
}

/**
 * Fires a POST tool from its Test tab once `fill` has typed its arguments, confirming the side
 * effect, and returns what the mock upstream received, checking the run card shows `sent` too.
 */
async function fireFromTestTab(page: Page, tool: string, fill: () => Promise<void>, sent: string): Promise<MockRecord | undefined> {
  await clearMock();
  await page.goto(`/tools/${tool}?tab=test`);
  await fill();
  await page.getByRole("button", { name: "Fire", exact: true }).click();
  const fired = page.waitForResponse((response) => response.url().endsWith("/api/playground/runs"));
  await page.getByRole("alertdialog").getByRole("button", { name: "Fire POST" }).click();
  expect((await fired).status()).toBe(200);
  await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
  await expect(runCard(page).getByRole("region", { name: "Request" })).toContainText(sent);
  const [received] = await mockRequests();
  return received;
}

/** The page as it is, at 1280 and 390 px: no sideways scroll, accessible, a screenshot kept to look at. */
async function lookAt(page: Page, name: string, what: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `data/screenshots/${name}-${width}.png`, fullPage: true });
    await expectAccessible(page, `${what} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Deletes what this spec created, through the data layer (whatever a failed run left behind). */
async function deleteCreated() {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const [{ getTool }, { deleteTool }, { deleteCredential }, { getCredentialRecord }] = await Promise.all([
    import("../lib/catalog/tools"),
    import("../lib/catalog/tool-saves"),
    import("../lib/credentials/server/credentials"),
    import("../lib/credentials/server/credential-queries"),
  ]);
  const actor = { id: null, email: "e2e-importers-spec" };
  for (const name of CREATED) {
    const stored = await getTool(name);
    if (stored) await deleteTool(name, stored.version, actor);
  }
  for (const credential of [MAPS_CREDENTIAL, LEDGER_CREDENTIAL]) if (await getCredentialRecord(credential)) await deleteCredential(credential, actor);
}

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });
  test.beforeAll(deleteCreated);
  test.afterAll(deleteCreated);

  test("an OpenAPI document: pick two operations, import them, fire one from its Test tab", async ({ page }) => {
    await page.goto("/tools/import-tools");
    await page.getByRole("tab", { name: "OpenAPI" }).click();
    await page.getByRole("textbox", { name: "Document" }).fill(DOCUMENT);
    await page.getByRole("button", { name: "Read operations" }).click();

    const refusal = "Its request body is multipart/form-data, which a tool cannot send (it sends JSON, XML or urlencoded forms).";
    // Why is said once before the list, and again on the operation; the document folds away.
    await expect(page.getByRole("region", { name: "Why 1 operation cannot be imported" })).toContainText(`1× ${refusal}`);
    await expect(page.getByRole("textbox", { name: "Document" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Edit document" })).toBeVisible();
    const upload = page.getByRole("listitem", { name: "POST /e2e-imp/upload" });
    await expect(upload).toContainText(refusal);
    await expect(upload.getByRole("checkbox")).toHaveCount(0);
    await expect(page.getByText("4 operations: 3 importable, 1 not importable. 0 selected.")).toBeVisible();

    await page.getByRole("listitem", { name: "GET /e2e-imp/widgets" }).getByRole("checkbox").check();
    await page.getByRole("listitem", { name: "POST /e2e-imp/widgets" }).getByRole("checkbox").check();
    await expect(page.getByRole("textbox", { name: "Tool name" })).toHaveCount(2);
    await expect(page.getByRole("textbox", { name: "Tool name" }).first()).toHaveValue("e2e_imp_list_widgets");

    await page.getByRole("button", { name: "Check 2 tools" }).click();
    const preview = page.getByRole("list", { name: "Tools in the document" });
    await expect(preview.getByRole("listitem")).toHaveCount(2);
    await expect(preview).toContainText("e2e_imp_create_widget");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("link", { name: "e2e_imp_list_widgets" })).toBeVisible();

    await clearMock();
    await page.goto("/tools/e2e_imp_list_widgets?tab=test");
    await page.getByRole("spinbutton", { name: /^limit/ }).fill("5");
    expect(await runVia(page, "Fire")).toBe(200);
    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    const sent = await mockRequests();
    expect(sent.map((record) => [record.method, record.path])).toEqual([["GET", "/e2e-imp/widgets"]]);
  });

  test("a form-body operation: imported, fired from its Test tab, its fields arrive urlencoded", async ({ page }) => {
    await page.goto("/tools/import-tools");
    await page.getByRole("tab", { name: "OpenAPI" }).click();
    await page.getByRole("textbox", { name: "Document" }).fill(DOCUMENT);
    await page.getByRole("button", { name: "Read operations" }).click();
    await page.getByRole("combobox", { name: "Tag" }).selectOption("Payments");
    await expect(page.getByText("4 operations: 3 importable, 1 not importable. 0 selected. Showing 1.")).toBeVisible();
    await page.getByRole("checkbox", { name: "Select all importable shown" }).check();
    await expect(page.getByRole("textbox", { name: "Tool name" })).toHaveValue("e2e_imp_create_charge");
    await page.getByRole("button", { name: "Check 1 tool" }).click();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("link", { name: "e2e_imp_create_charge" })).toBeVisible();

    await page.goto("/tools/e2e_imp_create_charge");
    await expect(page.getByText("Form fields (sent urlencoded)")).toBeVisible();
    const form = "amount=2000&note=order+6735+%26+co";
    const sent = await fireFromTestTab(page, "e2e_imp_create_charge", async () => {
      await page.getByRole("spinbutton", { name: /^amount/ }).fill("2000");
      await page.getByRole("textbox", { name: /^note/ }).fill("order 6735 & co");
    }, form);
    expect([sent?.method, sent?.path, sent?.headers["content-type"], sent?.body]).toEqual(["POST", "/e2e-imp/charges", "application/x-www-form-urlencoded", form]);
  });

  test("an XML-body operation: imported, fired from its Test tab, its fields arrive as the XML document it describes", async ({ page }) => {
    await page.goto("/tools/import-tools");
    await page.getByRole("tab", { name: "OpenAPI" }).click();
    await page.getByRole("textbox", { name: "Document" }).fill(XML_DOCUMENT);
    await page.getByRole("button", { name: "Read operations" }).click();
    await page.getByRole("listitem", { name: "POST /e2e-imp/orders" }).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Check 1 tool" }).click();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("link", { name: "e2e_imp_create_order" })).toBeVisible();

    await page.goto("/tools/e2e_imp_create_order");
    await expect(page.getByText("XML elements (sent as an XML document)")).toBeVisible();
    const document = '<?xml version="1.0" encoding="UTF-8"?><Order id="A-1"><Note>ring twice &lt;back door&gt; &amp; wait</Note></Order>';
    const sent = await fireFromTestTab(page, "e2e_imp_create_order", async () => {
      await page.getByRole("textbox", { name: /^id/ }).fill("A-1");
      await page.getByRole("textbox", { name: /^note/ }).fill("ring twice <back door> & wait");
    }, document);
    expect([sent?.method, sent?.path, sent?.headers["content-type"], sent?.body]).toEqual(["POST", "/e2e-imp/orders", "text/xml", document]);
  });

  test("an API key in the query: imported through a shared query credential created empty, its key sent as ?key= and never shown", async ({ page, leakGuard }) => {
    leakGuard.watch(MAPS_KEY);
    await page.goto("/tools/import-tools");
    await page.getByRole("tab", { name: "OpenAPI" }).click();
    await page.getByRole("textbox", { name: "Document" }).fill(KEYED_DOCUMENT);
    await page.getByRole("button", { name: "Read operations" }).click();
    const geocode = page.getByRole("listitem", { name: "GET /e2e-imp/geocode" });
    await geocode.getByRole("checkbox").check();
    await expect(geocode).toContainText(`Shared credential: ${MAPS_CREDENTIAL} the API key sent as ?key= (MapsKey)`);

    await page.getByRole("button", { name: "Check 1 tool" }).click();
    const missing = page.getByRole("region", { name: "Missing credentials" });
    await expect(missing).toContainText(`${MAPS_CREDENTIAL}, named by e2e_imp_geocode`);
    const importButton = page.getByRole("button", { name: "Import", exact: true });
    await expect(importButton).toBeDisabled();
    await missing.getByRole("checkbox").check();
    await importButton.click();
    await expect(page.getByRole("link", { name: "e2e_imp_geocode" })).toBeVisible();

    // The operator enters the key on the Credentials page: the import created it as a query credential.
    await page.goto("/credentials");
    const row = page.getByRole("row", { name: MAPS_CREDENTIAL, exact: true });
    await row.getByRole("button", { name: `Actions for ${MAPS_CREDENTIAL}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const sheet = page.getByRole("dialog", { name: `Edit credential ${MAPS_CREDENTIAL}` });
    await expect(sheet.getByLabel("Query parameter name", { exact: true })).toHaveValue("key");
    await sheet.getByLabel("Parameter value", { exact: true }).fill(MAPS_KEY);
    await sheet.getByRole("button", { name: "Save credential" }).click();
    await expect(page.getByText(`Credential ${MAPS_CREDENTIAL} saved.`)).toBeVisible();

    await clearMock();
    await page.goto("/tools/e2e_imp_geocode?tab=test");
    await page.getByRole("textbox", { name: /^address/ }).fill("1 Main St");
    expect(await runVia(page, "Fire")).toBe(200);
    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    await expect(runCard(page).getByRole("region", { name: "Request" })).not.toContainText(MAPS_KEY);
    const [sent] = await mockRequests();
    expect([sent?.path, sent?.query]).toEqual(["/e2e-imp/geocode", { address: "1 Main St", key: MAPS_KEY }]);
  });

  test("Basic auth: a shared basic credential whose user name is typed at import, its password sent and never shown", async ({ page, leakGuard }) => {
    leakGuard.watch(LEDGER_PASSWORD);
    await page.goto("/tools/import-tools");
    await page.getByRole("tab", { name: "OpenAPI" }).click();
    await page.getByRole("textbox", { name: "Document" }).fill(BASIC_DOCUMENT);
    await page.getByRole("button", { name: "Read operations" }).click();
    const ledger = page.getByRole("listitem", { name: "GET /e2e-imp/ledger" });
    await ledger.getByRole("checkbox").check();
    await expect(ledger).toContainText(`Shared credential: ${LEDGER_CREDENTIAL} Basic auth: a user name and password (Login)`);

    await page.getByRole("button", { name: "Check 1 tool" }).click();
    const missing = page.getByRole("region", { name: "Missing credentials" });
    await missing.getByRole("checkbox").check();
    const importButton = page.getByRole("button", { name: "Import", exact: true });
    await expect(importButton).toBeDisabled();
    await expect(page.getByText("Enter the user name of each Basic auth credential to create.")).toBeVisible();
    await missing.getByRole("textbox", { name: `Basic auth user name of ${LEDGER_CREDENTIAL}` }).fill("ledger-bot");
    await lookAt(page, "importers-basic-user-name", "Basic auth user name asked");
    await importButton.click();
    await expect(page.getByRole("link", { name: "e2e_imp_ledger" })).toBeVisible();

    await page.goto("/credentials");
    await page.getByRole("row", { name: LEDGER_CREDENTIAL, exact: true }).getByRole("button", { name: `Actions for ${LEDGER_CREDENTIAL}` }).click();
    await page.getByRole("menuitem", { name: "Edit" }).click();
    const sheet = page.getByRole("dialog", { name: `Edit credential ${LEDGER_CREDENTIAL}` });
    await expect(sheet.getByLabel("User name", { exact: true })).toHaveValue("ledger-bot");
    await sheet.getByLabel("Password", { exact: true }).fill(LEDGER_PASSWORD);
    await sheet.getByRole("button", { name: "Save credential" }).click();
    await expect(page.getByText(`Credential ${LEDGER_CREDENTIAL} saved.`)).toBeVisible();

    await clearMock();
    await page.goto("/tools/e2e_imp_ledger?tab=test");
    expect(await runVia(page, "Fire")).toBe(200);
    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    const [sent] = await mockRequests();
    expect([sent?.path, sent?.headers.authorization]).toEqual(["/e2e-imp/ledger", `Basic ${Buffer.from(`ledger-bot:${LEDGER_PASSWORD}`).toString("base64")}`]);
  });

  test("a Postman collection: a variable given its value, a folder's request imported and fired, its JSON body arriving", async ({ page }) => {
    await page.goto("/tools/import-tools");
    await page.getByRole("tab", { name: "OpenAPI or Postman" }).click();
    await page.getByRole("textbox", { name: "Document" }).fill(COLLECTION);
    await page.getByRole("button", { name: "Read operations" }).click();
    const create = page.getByRole("listitem", { name: "Notes / Create note" });
    await expect(create).toContainText('Its URL\'s scheme, host or port comes from {{baseUrl}}, which has no value: give it one under "Collection variables"');

    const baseUrl = page.getByRole("textbox", { name: "baseUrl" });
    await expect(baseUrl).toHaveAccessibleDescription("Where the notes API runs.");
    await baseUrl.fill(E2E_MOCK_UPSTREAM);
    await baseUrl.press("Enter");
    // With a host, each request is judged on the rest: a file upload is not something a tool sends.
    await expect(page.getByRole("listitem", { name: "Notes / Upload file" })).toContainText("multipart form data");
    await create.getByRole("checkbox").check();
    await create.getByRole("textbox", { name: "Tool name" }).fill("e2e_imp_pm_note");
    await lookAt(page, "importers-postman", "Postman collection read");
    await page.getByRole("button", { name: "Check 1 tool" }).click();
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("link", { name: "e2e_imp_pm_note" })).toBeVisible();

    await clearMock();
    await page.goto("/tools/e2e_imp_pm_note?tab=test");
    await page.getByRole("textbox", { name: /^customer/ }).fill("c_7");
    await page.getByRole("textbox", { name: /^text/ }).fill("Called back");
    await page.getByRole("button", { name: "Fire", exact: true }).click();
    const fired = page.waitForResponse((response) => response.url().endsWith("/api/playground/runs"));
    await page.getByRole("alertdialog").getByRole("button", { name: "Fire POST" }).click();
    expect((await fired).status()).toBe(200);
    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    const [sent] = await mockRequests();
    expect([sent?.method, sent?.path, JSON.parse(sent?.body ?? "null")]).toEqual(["POST", "/e2e-imp/customers/c_7/notes", { text: "Called back", pinned: true }]);
  });

  test("a curl command: its credential stays on the server, a body value becomes a parameter, the saved tool dry-runs", async ({ page }) => {
    await page.goto("/tools/new-tool");
    await page.getByRole("button", { name: "Start from curl" }).click();
    const dialog = page.getByRole("dialog", { name: "Start from a curl command" });
    await dialog.getByRole("textbox", { name: "curl command" }).fill(
      `curl -X POST '${E2E_MOCK_UPSTREAM}/e2e-imp/notes' \\\n  -H 'Authorization: ${CURL_SECRET}' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{"text": "hello", "pinned": false}'`,
    );
    // The action's answer is read in Node as it passes (route.fetch): Chromium does not always keep a
    // streamed response body for the page to read back afterwards.
    const actionAnswers: string[] = [];
    await page.route("**/tools/new-tool**", async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const response = await route.fetch();
      const body = await response.text();
      actionAnswers.push(body);
      await route.fulfill({ response, body });
    });
    await dialog.getByRole("button", { name: "Read command" }).click();
    await expect.poll(() => actionAnswers.length).toBe(1);
    expect(actionAnswers[0]).not.toContain("e2e-curl-secret");
    await page.unroute("**/tools/new-tool**");
    await expect(dialog.getByText("secret ••••6789")).toBeVisible();

    await dialog.getByRole("button", { name: "Make parameter from body text" }).click();
    await expect(dialog.getByLabel("Parameters")).toContainText("text");
    await dialog.getByRole("button", { name: "Open in editor" }).click();
    await expect(page).toHaveURL(/\/tools\/new-tool\?curl=/);

    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await expect(name).toHaveValue("post_e2e_imp_notes");
    await name.fill("e2e_imp_curl_note");
    await expect(page.getByText("The value pasted with the curl command (••••6789) is saved with the tool.")).toBeVisible();
    await page.getByRole("button", { name: "Create tool" }).click();
    await expect(page).toHaveURL(/\/tools\/e2e_imp_curl_note$/);

    await clearMock();
    await page.goto("/tools/e2e_imp_curl_note?tab=test");
    // The parameter carries the literal as its example, which the form offers as a suggestion (a combobox).
    await page.getByRole("combobox", { name: /^text/ }).fill("only a rehearsal");
    expect(await runVia(page, "Dry run")).toBe(200);
    await expect(runCard(page).getByText("Dry run", { exact: true })).toBeVisible();
    const requestRegion = runCard(page).getByRole("region", { name: "Request" });
    await expect(requestRegion).toContainText("only a rehearsal");
    await expect(requestRegion).not.toContainText("e2e-curl-secret");
    expect(await mockRequests()).toEqual([]);

    // The pasted credential was saved as the tool's secret: the upstream receives it, the page never shows it.
    await page.getByRole("button", { name: "Fire", exact: true }).click();
    const fired = page.waitForResponse((response) => response.url().endsWith("/api/playground/runs"));
    await page.getByRole("alertdialog").getByRole("button", { name: "Fire POST" }).click();
    await fired;
    await expect(runCard(page).getByText("Success", { exact: true })).toBeVisible();
    const [sent] = await mockRequests();
    expect([sent?.method, sent?.path, sent?.headers.authorization]).toEqual(["POST", "/e2e-imp/notes", CURL_SECRET]);
    expect(await page.content()).not.toContain("e2e-curl-secret");
  });

  // One test per width: both widths in one test (eight screenshots, four axe runs) came near the 30 s timeout on a loaded machine.
  for (const width of [1280, 390]) {
    test(`screens: the import page in each mode and the curl dialog, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/tools/import-tools");
      await page.screenshot({ path: `data/screenshots/importers-export-${width}.png`, fullPage: true });
      await page.getByRole("tab", { name: "OpenAPI" }).click();
      await page.getByRole("textbox", { name: "Document" }).fill(DOCUMENT);
      await page.getByRole("button", { name: "Read operations" }).click();
      await page.getByRole("listitem", { name: "POST /e2e-imp/widgets" }).getByRole("checkbox").check();
      await expect(page.getByRole("textbox", { name: "Tool name" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `data/screenshots/importers-openapi-${width}.png`, fullPage: true });
      await expectAccessible(page, `OpenAPI tab at ${width} px`);
      await page.getByRole("tab", { name: "curl" }).click();
      await page.screenshot({ path: `data/screenshots/importers-curl-${width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Start from curl" }).click();
      const dialog = page.getByRole("dialog", { name: "Start from a curl command" });
      await dialog.getByRole("textbox", { name: "curl command" }).fill(`curl -X POST '${E2E_MOCK_UPSTREAM}/e2e-imp/customers/c_42/notes?region=eu' -H 'X-API-Key: e2e-screens-key-0123456789' --data-raw '{"text": "hello", "tags": ["a", "b"], "meta": {"pinned": false}}'`);
      await dialog.getByRole("button", { name: "Read command" }).click();
      await dialog.getByRole("button", { name: "Make parameter from body text" }).click();
      await page.screenshot({ path: `data/screenshots/importers-curl-dialog-${width}.png` });
      await expectAccessible(page, `curl dialog at ${width} px`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
    });
  }
});
