/**
 * Protects the authorization boundary: the server, not the UI, decides. A viewer who calls an
 * editor-only or admin-only server action directly (a crafted request, no UI) is refused and
 * nothing changes; an editor doing the same through the UI succeeds and the audit records it.
 */
import { expect, test } from "./fixtures/test";
import { E2E_OPERATORS, storageStateFor } from "./support/environment";
import { callServerAction, serverActionId } from "./support/server-actions";
import { openGuardedPage } from "./support/guarded-page";

const PERSONA = "support-tier1";
const TOOL = "triage_request";
const toggleAction = () => serverActionId("lib/personas/server/actions.ts", "setPersonaToolEnabledAction");
const usersAction = (name: string) => serverActionId("lib/operators/actions.ts", name);
const createUserAction = () => usersAction("createUserAction");

/** Every admin-only action on the users page, with arguments a crafted call would send. */
const ADMIN_ONLY_CALLS = [
  { action: "changeUserRoleAction", args: ["any-operator-id", "admin"] },
  { action: "setUserActiveAction", args: ["any-operator-id", false] },
] as const;

test.describe("as a viewer", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("calling the editor-only toggle action directly is refused and changes nothing", async ({ page }) => {
    await page.goto(`/personas/${PERSONA}`);
    const toggle = page.getByRole("switch", { name: `${TOOL} for ${PERSONA}` });
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(toggle).toBeDisabled();

    const response = await callServerAction(page.request, "/personas", toggleAction(), [PERSONA, TOOL, false]);
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain("This needs the editor role; you are signed in as viewer.");
    expect(body).toContain('"ok":false');

    await page.reload();
    await expect(page.getByRole("switch", { name: `${TOOL} for ${PERSONA}` })).toHaveAttribute("aria-checked", "true");
    await page.goto(`/audit?action=persona.toggle_tool&actor=${encodeURIComponent(E2E_OPERATORS.viewer.email)}`);
    await expect(page.getByText("No change matches these filters")).toBeVisible();
  });

  test("calling the admin-only add-operator action directly is refused and adds nobody", async ({ page }) => {
    const response = await callServerAction(page.request, "/settings/users", createUserAction(), [
      null,
      { email: "sneaky@e2e.quiver.test", name: "Sneaky", role: "admin", password: "sneaky-password-1" },
    ]);
    expect(await response.text()).toContain("This needs the admin role; you are signed in as viewer.");
    await page.goto("/settings/users");
    await expect(page.getByRole("row", { name: "sneaky@e2e.quiver.test" })).toHaveCount(0);
  });
});

for (const role of ["viewer", "editor"] as const) {
  test.describe(`as ${role === "viewer" ? "a viewer" : "an editor"}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test("calling the admin-only role and status actions directly is refused and changes nothing", async ({ page }) => {
      for (const { action, args } of ADMIN_ONLY_CALLS) {
        const response = await callServerAction(page.request, "/settings/users", usersAction(action), args);
        expect(await response.text()).toContain(`This needs the admin role; you are signed in as ${role}.`);
      }
      await page.goto("/settings/users");
      await expect(page.getByRole("row", { name: E2E_OPERATORS.admin.email })).toContainText("admin");
      await expect(page.getByRole("row", { name: E2E_OPERATORS.admin.email })).toContainText("active");
    });
  });
}

test("without a session, a crafted action call is turned away and changes nothing", async ({ playwright, leakGuard, browser }) => {
  const anonymous = leakGuard.wrapRequestContext(await playwright.request.newContext({ baseURL: test.info().project.use.baseURL }));
  const response = await anonymous.post("/personas", {
    headers: { "Next-Action": toggleAction(), Accept: "text/x-component", "Content-Type": "text/plain;charset=UTF-8" },
    data: JSON.stringify([PERSONA, TOOL, false]),
    maxRedirects: 0,
  });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toMatch(/\/login/);
  await anonymous.dispose();

  const viewer = await openGuardedPage(browser, leakGuard, storageStateFor("viewer"));
  await viewer.page.goto(`/personas/${PERSONA}`);
  await expect(viewer.page.getByRole("switch", { name: `${TOOL} for ${PERSONA}` })).toHaveAttribute("aria-checked", "true");
  await viewer.close();
});

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("switches a tool off and on for a persona through the UI, and the audit shows it", async ({ page }) => {
    const auditOfToggles = `/audit?action=persona.toggle_tool&target=${PERSONA}&actor=${encodeURIComponent(E2E_OPERATORS.editor.email)}`;
    await page.goto(auditOfToggles);
    const events = page.getByRole("list", { name: "Audit events" }).getByRole("listitem");
    const togglesBefore = await events.count();

    await page.goto(`/personas/${PERSONA}`);
    const persona = page.getByRole("region", { name: "Support tier 1" });
    const toggle = persona.getByRole("switch", { name: `${TOOL} for ${PERSONA}` });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(persona.getByRole("row", { name: new RegExp(TOOL) })).toContainText("disabled by operator");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expect(persona.getByRole("row", { name: new RegExp(TOOL) })).toContainText("available (granted by support-base)");

    await page.goto(auditOfToggles);
    await expect(events).toHaveCount(togglesBefore + 2);
    await expect(events.first()).toContainText(E2E_OPERATORS.editor.email);
    await expect(events.first()).toContainText('["triage_request"]');
  });

  test("a tool outside the inherited grant offers no switch", async ({ page }) => {
    await page.goto(`/personas/${PERSONA}`);
    const persona = page.getByRole("region", { name: "Support tier 1" });
    const row = persona.getByRole("row", { name: /create_support_note/ });
    await expect(row).toContainText("outside the grant inherited from support-base");
    await expect(row).toContainText("not granted");
    await expect(persona.getByRole("switch", { name: `create_support_note for ${PERSONA}` })).toHaveCount(0);
  });
});
