/**
 * Protects the tool page's hidden state (issue 26) as an editor reads it. A tool using a shared
 * credential shows it on the Request tab — its name (a link to the Credentials page), its kind
 * and where it goes — and never its secret or mask. A tool whose parameters nest objects and
 * arrays of objects lists every nested field on the Parameters tab, indented under its parent with
 * its type, whether it is required, its description and constraints, and the tab fits a 390 px
 * phone. Restoring an old revision makes Compare show what the restore changed (previous →
 * current), not the first two versions. Everything seeded is removed.
 */
import type { Page } from "@playwright/test";
import { maskSecret } from "../lib/secrets/mask";
import { expectAccessible } from "./support/accessibility";
import { expect, test } from "./fixtures/test";
import { E2E_DATABASE_URL, E2E_SERVER_ENV, storageStateFor } from "./support/environment";

const CREDENTIAL = "e2e_page_vendor_key";
const CREDENTIAL_TOOL = "e2e_page_credential_tool";
const NESTED_TOOL = "e2e_page_nested_tool";
const HISTORY_TOOL = "e2e_page_history_tool";
const VENDOR_KEY = "e2e-tool-page-vendor-key-7c41";
const ACTOR = { id: null, email: "e2e-tool-page-spec" };
const FIRST_DESCRIPTION = "Look up a parcel.";
const SECOND_DESCRIPTION = "Look up a parcel by its tracking number.";
/** One unbroken word, so only wrapping anywhere keeps it on a phone's screen. */
const LONG_WORD = "Leave-it-with-the-concierge-at-the-front-desk-unless-the-recipient-answers-the-intercom";

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

/** Saves a GET tool on api.example.com (never called here) on top of `baseVersion`. */
async function seedTool(name: string, fields: Record<string, unknown>, baseVersion: number | null = null) {
  const { saveTool, parseToolDefinition } = await dataLayer();
  const definition = parseToolDefinition({ name, description: FIRST_DESCRIPTION, request: { method: "GET", url: "https://api.example.com/parcels" }, ...fields });
  await saveTool({ definition, baseVersion, actor: ACTOR });
}

/** Removes what this spec created, tools first (a credential in use cannot go), whatever a failed run left. */
async function removeCreated() {
  const { getTool, deleteTool, getCredentialRecord, deleteCredentialRecord } = await dataLayer();
  for (const name of [CREDENTIAL_TOOL, NESTED_TOOL, HISTORY_TOOL]) {
    const stored = await getTool(name);
    if (stored) await deleteTool(name, stored.version, ACTOR);
  }
  if (await getCredentialRecord(CREDENTIAL)) await deleteCredentialRecord(CREDENTIAL, ACTOR);
}

test.describe.configure({ mode: "serial" });
test.beforeAll(removeCreated);
test.afterAll(removeCreated);
test.use({ storageState: storageStateFor("editor") });

test("a tool using a shared credential shows it on the Request tab: its name, kind and where it goes, never its secret", async ({ page, leakGuard }) => {
  leakGuard.watch(VENDOR_KEY);
  const { saveCredentialRecord, loadKeyring } = await dataLayer();
  await saveCredentialRecord({
    input: { name: CREDENTIAL, description: "The vendor's key.", kind: "query", parameter_name: "api_key", hosts: ["api.example.com"], value: VENDOR_KEY },
    keyring: loadKeyring(E2E_SERVER_ENV),
    actor: ACTOR,
  });
  await seedTool(CREDENTIAL_TOOL, { auth: { credential: CREDENTIAL } });

  await page.goto(`/tools/${CREDENTIAL_TOOL}`);
  const request = page.getByRole("region", { name: "Request" });
  await expect(request.getByRole("link", { name: CREDENTIAL })).toHaveAttribute("href", "/credentials");
  await expect(request.getByText("Query parameter", { exact: true })).toBeVisible();
  await expect(request).toContainText("Sent as query parameter api_key.");
  await expect(request).not.toContainText(maskSecret(VENDOR_KEY));
  await expect(request).not.toContainText("missing");
});

test("a tool with nested parameters lists every nested field on the Parameters tab, indented under its parent, within a 390 px phone", async ({ page }) => {
  await seedTool(NESTED_TOOL, {
    parameters: {
      type: "object",
      properties: {
        customer: {
          type: "object",
          description: "Who the parcel is for.",
          properties: { email: { type: "string", format: "email" }, deliveryInstructionsForTheCourierAtTheBuildingEntrance: { type: "string", description: LONG_WORD } },
          required: ["email"],
        },
        lines: {
          type: "array",
          minItems: 1,
          items: {
            type: "object",
            properties: { sku: { type: "string", pattern: "^[A-Z]{3}-[0-9]+$", description: "The stock code." }, quantity: { type: "integer", minimum: 1, maximum: 99 } },
            required: ["sku", "quantity"],
          },
        },
      },
      required: ["customer", "lines"],
    },
  });

  await page.goto(`/tools/${NESTED_TOOL}?tab=parameters`);
  const table = page.getByRole("table", { name: "Parameters" });
  const row = (path: string) => table.getByRole("row", { name: path, exact: true });
  await expect(row("lines")).toContainText("array<object>");
  await expect(row("lines")).toContainText("minItems: 1");
  const sku = row("lines[].sku");
  await expect(sku.getByRole("rowheader")).toContainText("sku");
  await expect(sku).toContainText("required");
  await expect(sku).toContainText("The stock code.");
  await expect(sku).toContainText('pattern: "^[A-Z]{3}-[0-9]+$"');
  await expect(row("lines[].quantity")).toContainText("maximum: 99");
  await expect(row("customer.email")).toContainText('format: "email"');
  await expect(row("customer.email")).toContainText("required");
  await expect(row("customer.deliveryInstructionsForTheCourierAtTheBuildingEntrance")).toContainText("optional");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText(LONG_WORD)).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectAccessible(page, "the Parameters tab at 390 px");
});

test("after restoring an old revision, Compare shows the latest pair: what the restore changed", async ({ page }) => {
  await seedTool(HISTORY_TOOL, {});
  await seedTool(HISTORY_TOOL, { description: SECOND_DESCRIPTION }, 1);

  await page.goto(`/tools/${HISTORY_TOOL}?tab=history`);
  const comparison = page.getByRole("region", { name: "Compare revisions" });
  await expect(comparison.getByLabel("From")).toHaveValue("1");
  await expect(comparison.getByLabel("To")).toHaveValue("2");

  await page.getByRole("button", { name: "Restore version 1" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
  await expect(page.getByText("Restored version 1 as version 3.")).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Version 3" })).toBeVisible();
  await expectLatestPair(page, "right after the restore");
  await page.reload();
  await expectLatestPair(page, "after a reload");
});

/** Compare on version 2 → version 3, showing the description the restore brought back; `look` names the moment in a failure. */
async function expectLatestPair(page: Page, look: string) {
  const comparison = page.getByRole("region", { name: "Compare revisions" });
  await expect(comparison.getByLabel("From"), look).toHaveValue("2");
  await expect(comparison.getByLabel("To"), look).toHaveValue("3");
  const change = comparison.getByRole("row", { name: "description", exact: true });
  await expect(change, look).toContainText(`"${SECOND_DESCRIPTION}"`);
  await expect(change, look).toContainText(`"${FIRST_DESCRIPTION}"`);
}
