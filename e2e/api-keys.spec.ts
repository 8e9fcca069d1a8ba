/**
 * The agents' door from the console: an admin creates an API key, sees its token once and copies
 * it, with ready-to-paste configuration for Claude Code, Cursor, VS Code, OpenAI and curl around the
 * real token and the persona's MCP URL (one copied, and its MCP URL answers with the key); the key
 * works on the runtime API; its calls show on the usage page; revoking it makes the
 * next call 401. The token is nowhere on the page (HTML or RSC payload) once the dialog closes.
 * Editors and viewers neither see nor reach the page, and a crafted create call is refused.
 * Shared state: the key is revoked at the end; the calls it made stay in the call log.
 */
import { expect, test } from "./fixtures/test";
import { storageStateFor } from "./support/environment";
import { MCP_PERSONA } from "./support/mcp-fixture";
import { screenshots } from "./support/screenshots";
import { callServerAction, serverActionId } from "./support/server-actions";

const KEY_NAME = "e2e usage check";
const TOOL = "e2e_play_forecast";

for (const role of ["editor", "viewer"] as const) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test("does not see or reach the API keys page, and a crafted create call is refused", async ({ page }) => {
      await page.goto("/usage");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Usage" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" })).toHaveCount(0);

      await page.goto("/settings/api-keys");
      await expect(page.getByRole("heading", { name: "Only admins manage API keys" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Create API key" })).toHaveCount(0);
      await expect(page.getByRole("table")).toHaveCount(0);

      const crafted = await callServerAction(page.request, "/settings/api-keys", serverActionId("lib/agent-door/actions.ts", "createApiKeyAction"), [
        { name: `crafted by ${role}`, personaSlugs: [MCP_PERSONA], expiresOn: "" },
      ]);
      const answer = await crafted.text();
      expect(answer).toContain(`This needs the admin role; you are signed in as ${role}.`);
      expect(answer).not.toMatch(/qv_[A-Za-z0-9_-]{43}/);
    });
  });
}

test.describe("as an admin", () => {
  test.use({ storageState: storageStateFor("admin"), viewport: { width: 1280, height: 900 } });

  test("creates a key, sees and copies it once, uses it, sees its calls, and revokes it", async ({ page, context, request }) => {
    // A whole journey across four pages with screenshots at two widths: 25 s in a full run on two cores, 31 s in a
    // busier one — too close to the default 30 s, so it gets Playwright's slow budget (three times that).
    test.slow();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/usage");
    await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();
    await screenshots(page, "usage-before-calls");

    await page.goto("/settings/api-keys");
    // The editor's and viewer's crafted calls (above) created nothing.
    await expect(page.getByRole("row", { name: /crafted by/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Create API key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create an API key" });
    await dialog.getByRole("button", { name: "Create key" }).click();
    await expect(dialog.getByText("is required")).toBeVisible();
    await expect(dialog.getByText("choose at least one persona")).toBeVisible();

    // An expiry in the past is refused next to its field; the key then gets one far ahead.
    await dialog.getByLabel("Expires after (optional)").fill("2020-01-31");
    await dialog.getByLabel("Name").fill(KEY_NAME);
    await dialog.getByRole("combobox", { name: "Personas" }).click();
    await page.getByRole("option", { name: new RegExp(MCP_PERSONA) }).click();
    await page.keyboard.press("Escape");
    await dialog.getByRole("button", { name: "Create key" }).click();
    await expect(dialog.getByText("must be in the future")).toBeVisible();
    // What was typed and chosen is kept after the refusal.
    await expect(dialog.getByLabel("Name")).toHaveValue(KEY_NAME);
    await expect(dialog.getByRole("list", { name: "Chosen" })).toContainText(MCP_PERSONA);
    await dialog.getByLabel("Expires after (optional)").fill("2099-12-31");
    await dialog.getByRole("button", { name: "Create key" }).click();

    const shown = page.getByRole("dialog", { name: `API key ${KEY_NAME}` });
    await expect(shown.getByText("you won't see it again")).toBeVisible();
    const token = (await shown.getByLabel("New API key").textContent()) ?? "";
    expect(token).toMatch(/^qv_[A-Za-z0-9_-]{43}$/);
    await screenshots(page, "api-keys-created");
    await shown.getByRole("button", { name: "Copy key" }).click();
    await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    // Connect an agent: each client's configuration, built around this key and the persona's MCP URL.
    const mcpUrl = `${new URL(page.url()).origin}/api/v1/personas/${MCP_PERSONA}/mcp`;
    await expect(shown.getByText(mcpUrl, { exact: true })).toBeVisible();
    const clients = shown.getByRole("tablist", { name: "Agent clients" });
    await expect(clients.getByRole("tab")).toHaveText(["Claude Code", "Cursor", "VS Code", "OpenAI", "curl"]);
    await expect(shown.getByLabel("Claude Code: Terminal")).toContainText(`claude mcp add --transport http quiver-${MCP_PERSONA} ${mcpUrl}`);
    await clients.getByRole("tab", { name: "Cursor" }).click();
    const cursor = shown.getByRole("figure").filter({ hasText: ".cursor/mcp.json" });
    await cursor.getByRole("button", { name: "Copy" }).click();
    const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as { mcpServers: Record<string, { url: string; headers: Record<string, string> }> };
    expect(config.mcpServers[`quiver-${MCP_PERSONA}`]).toEqual({ url: mcpUrl, headers: { Authorization: `Bearer ${token}` } });
    // The configuration works as pasted: the MCP URL answers an initialize with that header.
    const initialized = await page.request.post(mcpUrl, {
      headers: { ...config.mcpServers[`quiver-${MCP_PERSONA}`]!.headers, accept: "application/json, text/event-stream" },
      data: { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "e2e", version: "1" } } },
    });
    expect(initialized.status()).toBe(200);
    await clients.getByRole("tab", { name: "OpenAI" }).click();
    await expect(shown.getByLabel("OpenAI: Responses API (JavaScript)")).toContainText(`server_url: "${mcpUrl}"`);
    await screenshots(page, "api-keys-connect");
    await shown.getByRole("button", { name: "Done" }).click();

    // Gone from the page, and from what the server sends for it.
    const row = page.getByRole("row", { name: KEY_NAME });
    await expect(row).toContainText(token.slice(0, 9));
    await expect(row).toContainText("active");
    await expect(row).toContainText("2099-12-31 23:59:59 UTC");
    expect(await page.content()).not.toContain(token);
    const payload = await page.request.get("/settings/api-keys", { headers: { RSC: "1" } });
    expect(payload.ok()).toBe(true);
    expect(await payload.text()).not.toContain(token);
    expect(await (await page.request.get("/settings/api-keys")).text()).not.toContain(token);

    // The key works for its persona.
    const bearer = { Authorization: `Bearer ${token}` };
    const listed = await request.get(`/api/v1/personas/${MCP_PERSONA}/tools?format=openai`, { headers: bearer });
    expect(listed.status()).toBe(200);
    const called = await request.post(`/api/v1/personas/${MCP_PERSONA}/tools/${TOOL}/call`, {
      headers: bearer,
      data: { arguments: { location: { city: "Lisbon" } }, context: {} },
    });
    expect(called.status()).toBe(200);

    // The call log is written in batches: poll until the usage page lists the call.
    await expect
      .poll(
        async () => {
          await page.goto(`/usage?persona=${MCP_PERSONA}&tool=${TOOL}`);
          return page.getByRole("table", { name: "Latest calls" }).getByRole("row").filter({ hasText: KEY_NAME }).count();
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("table", { name: /Usage by tool/ })).toContainText(TOOL);
    await screenshots(page, "usage-with-calls");
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Agent usage" })).toContainText(TOOL);
    await screenshots(page, "overview-with-calls");

    // Revoked: the very next call is refused.
    await page.goto("/settings/api-keys");
    await page.getByRole("row", { name: KEY_NAME }).getByRole("button", { name: `Revoke ${KEY_NAME}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByRole("row", { name: KEY_NAME })).toContainText("revoked");
    await expect(page.getByRole("row", { name: KEY_NAME }).getByText(KEY_NAME, { exact: true })).toBeFocused();
    const refused = await request.get(`/api/v1/personas/${MCP_PERSONA}/tools?format=openai`, { headers: bearer });
    expect(refused.status()).toBe(401);
    await screenshots(page, "api-keys-list");
  });
});
