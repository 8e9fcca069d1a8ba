/**
 * Protects operator management: an admin adds an editor who can then sign in; bad input is
 * refused next to its field and adds nobody, and every field (the role and password included)
 * survives the refusal, so the operator is then created with the role chosen; a role change and a
 * deactivation ask first, and cancelling changes nothing; the last active admin cannot demote
 * themselves; every change shows up in the audit trail. Non-admins see the list but no controls.
 * An operator linked to single sign-on shows it (to every role); an admin removes the link from the
 * row's ⋯ menu after confirming, sees the toast and the badge go, with focus back on the ⋯ button,
 * and finds one entry for it in the operator's audit trail (from the same menu); removing it again
 * is refused. Editors and viewers get no control, and a crafted call of theirs is refused.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { E2E_DATABASE_URL, E2E_OPERATORS, storageStateFor } from "./support/environment";
import { callServerAction, serverActionId } from "./support/server-actions";
import { openGuardedPage } from "./support/guarded-page";
import { addOperatorThroughForm } from "./support/operators";
import { signInAs } from "./support/sign-in";
import { expectAccessible } from "./support/accessibility";
import { screenshots } from "./support/screenshots";

const SSO_ISSUER = "https://sso.e2e.quiver.test/realms/ops";
const SSO_HOST = "sso.e2e.quiver.test";
const SSO_BADGE_TITLE = `Linked to single sign-on at ${SSO_HOST}`;
const REMOVE_LINK_ACTION = () => serverActionId("lib/operators/actions.ts", "removeSingleSignOnLinkAction");

async function dataLayer() {
  process.env.DATABASE_URL = E2E_DATABASE_URL;
  const [{ createUser }, { listSingleSignOnIssuers, signInWithOidcIdentity }, { SYSTEM_ACTOR }] = await Promise.all([
    import("../lib/operators/users"),
    import("../lib/operators/sign-in/oidc-links"),
    import("../lib/audit/events"),
  ]);
  return { createUser, listSingleSignOnIssuers, signInWithOidcIdentity, SYSTEM_ACTOR };
}

/** Adds a viewer through the data layer and links them to single sign-on as their first sign-in would; returns their id. */
async function addLinkedOperator(email: string, name: string): Promise<string> {
  const { createUser, signInWithOidcIdentity, SYSTEM_ACTOR } = await dataLayer();
  const user = await createUser({ email, name, role: "viewer", password: `${email}-initial-pass` }, SYSTEM_ACTOR);
  expect(await signInWithOidcIdentity({ issuer: SSO_ISSUER, subject: `idp-${user.id}`, verifiedEmail: email })).toMatchObject({ ok: true, linked: true });
  return user.id;
}

async function isLinked(id: string): Promise<boolean> {
  return (await (await dataLayer()).listSingleSignOnIssuers()).has(id);
}

/** Full-page screenshots at desktop and phone width into data/screenshots/; the phone page must not scroll sideways. */
async function screenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync("data/screenshots", { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `data/screenshots/${name}-${width}.png`, fullPage: true });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("as an admin", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("adds an editor, who can then sign in", async ({ page, browser, leakGuard }) => {
    const newcomer = { email: "nadia.new@e2e.quiver.test", name: "Nadia Newcomer", password: "nadia-initial-pass-1" };
    leakGuard.watch(newcomer.password);
    await addOperatorThroughForm(page, newcomer, "editor");
    await expect(page.getByRole("status").filter({ hasText: "can now sign in" })).toHaveText(`${newcomer.email} can now sign in as editor.`);
    await expect(page.getByRole("row", { name: newcomer.email })).toContainText("editor");

    const newcomerSession = await openGuardedPage(browser, leakGuard);
    await signInAs(newcomerSession.page, newcomer);
    await expect(newcomerSession.page.getByLabel("Role: editor")).toBeVisible();
    await newcomerSession.close();

    await page.goto(`/audit?action=user.create&target=${encodeURIComponent(newcomer.email)}`);
    const event = page.getByRole("list", { name: "Audit events" }).getByRole("listitem").first();
    await expect(event).toContainText("user.create");
    await expect(event).toContainText(newcomer.email);
    await expect(event).toContainText(E2E_OPERATORS.admin.email);
  });

  test("a demotion or deactivation takes effect on the operator's very next request", async ({ page, browser, leakGuard }) => {
    const dora = { email: "dora.demoted@e2e.quiver.test", name: "Dora Demoted", password: "dora-initial-pass-1" };
    leakGuard.watch(dora.password);
    await addOperatorThroughForm(page, dora, "editor");
    await expect(page.getByRole("row", { name: dora.email })).toBeVisible();

    const doraSession = await openGuardedPage(browser, leakGuard);
    const doraPage = doraSession.page;
    await signInAs(doraPage, dora);
    await doraPage.goto("/personas/support-tier1");
    const toggle = doraPage.getByRole("switch", { name: "triage_request for support-tier1" });
    await expect(toggle).toBeEnabled();

    await page.getByLabel(`Role of ${dora.email}`).selectOption("viewer");
    await page.getByRole("alertdialog", { name: `Change ${dora.email}'s role to viewer?` }).getByRole("button", { name: "Change role" }).click();
    await expect(page.getByRole("row", { name: dora.email })).toContainText("viewer");
    const refused = await callServerAction(doraPage.request, "/personas", serverActionId("lib/personas/server/actions.ts", "setPersonaToolEnabledAction"), [
      "support-tier1",
      "triage_request",
      false,
    ]);
    expect(await refused.text()).toContain("This needs the editor role; you are signed in as viewer.");
    await doraPage.reload();
    await expect(doraPage.getByLabel("Role: viewer")).toBeVisible();
    await expect(toggle).toBeDisabled();

    await page.getByRole("button", { name: `Deactivate ${dora.email}` }).click();
    await page.getByRole("alertdialog", { name: `Deactivate ${dora.email}?` }).getByRole("button", { name: "Deactivate", exact: true }).click();
    await expect(page.getByRole("row", { name: dora.email })).toContainText("deactivated");
    await doraPage.goto("/tools");
    await expect(doraPage).toHaveURL(/\/login/);
    await doraSession.close();
  });

  test("bad input is refused next to its field and adds nobody", async ({ page }) => {
    await page.goto("/settings/users");
    const rowsBefore = await page.getByRole("row").count();
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Name").fill("Shorty");
    await page.getByLabel("Initial password").fill("short");
    await page.getByRole("button", { name: "Add operator" }).click();
    await expect(page.getByText("must be an e-mail address")).toBeVisible();
    await expect(page.getByText("must be at least 8 characters long")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("E-mail")).toHaveValue("not-an-email");
    await expect(page.getByLabel("Name")).toHaveValue("Shorty");
    await page.reload();
    await expect(page.getByRole("row")).toHaveCount(rowsBefore);
  });

  test("every field survives a refused submit, and the operator is then created with the role chosen", async ({ page }) => {
    const vik = { email: "vik.viewer@e2e.quiver.test", name: "Vik Viewer", password: "short" };
    await addOperatorThroughForm(page, vik, "viewer");
    await expect(page.getByText("must be at least 8 characters long")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(vik.email);
    await expect(page.getByLabel("Name")).toHaveValue(vik.name);
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("viewer");
    await expect(page.getByLabel("Initial password")).toHaveValue(vik.password);

    await page.getByLabel("Initial password").fill("vik-initial-pass-1");
    await page.getByRole("button", { name: "Add operator" }).click();
    await expect(page.getByRole("status").filter({ hasText: "can now sign in" })).toHaveText(`${vik.email} can now sign in as viewer.`);
    await expect(page.getByRole("row", { name: vik.email })).toContainText("viewer");
    await expect(page.getByLabel("E-mail")).toHaveValue("");
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("editor");
  });

  test("a role change and a deactivation ask first; cancelling changes nothing", async ({ page }) => {
    const cora = { email: "cora.cancel@e2e.quiver.test", name: "Cora Cancel", password: "cora-initial-pass-1" };
    await addOperatorThroughForm(page, cora, "editor");
    const row = page.getByRole("row", { name: cora.email });
    await expect(row).toContainText("editor");

    const role = page.getByLabel(`Role of ${cora.email}`);
    await role.selectOption("admin");
    const roleDialog = page.getByRole("alertdialog", { name: `Change ${cora.email}'s role to admin?` });
    await expect(roleDialog).toContainText("From editor to admin");
    await expect(roleDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(roleDialog).toBeHidden();
    await expect(role).toHaveValue("editor");
    await expect(role).toBeFocused();

    const deactivate = page.getByRole("button", { name: `Deactivate ${cora.email}` });
    await deactivate.click();
    const deactivateDialog = page.getByRole("alertdialog", { name: `Deactivate ${cora.email}?` });
    await expect(deactivateDialog).toContainText("Every session of theirs ends");
    await expect(deactivateDialog).toContainText("Apps they approved (Settings → Connected apps) are disconnected.");
    await expectAccessible(page, "deactivate dialog");
    await screenshots(page, "operator-deactivate-dialog");
    await page.keyboard.press("Escape");
    await expect(deactivateDialog).toBeHidden();
    await expect(deactivate).toBeFocused();

    await page.reload();
    await expect(role).toHaveValue("editor");
    await expect(row).toContainText("active");
    await expect(row).not.toContainText("deactivated");
  });

  test("a duplicate e-mail is refused with a clear message", async ({ page }) => {
    await page.goto("/settings/users");
    await page.getByLabel("E-mail").fill(E2E_OPERATORS.viewer.email.toUpperCase());
    await page.getByLabel("Name").fill("Impostor");
    await page.getByLabel("Initial password").fill("impostor-password-1");
    await page.getByRole("button", { name: "Add operator" }).click();
    await expect(page.getByText(`An operator with the e-mail ${E2E_OPERATORS.viewer.email} already exists.`)).toBeVisible();
  });

  test("the last active admin cannot demote themselves", async ({ page }) => {
    await page.goto("/settings/users");
    await page.getByLabel(`Role of ${E2E_OPERATORS.admin.email}`).selectOption("viewer");
    await page.getByRole("alertdialog", { name: "Change your own role to viewer?" }).getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText(/last active admin/)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Role of ${E2E_OPERATORS.admin.email}`)).toHaveValue("admin");
    await expect(page.getByLabel("Role: admin")).toBeVisible();
  });

  test("removes a single sign-on link from the row's menu after asking; cancelling keeps it", async ({ page }) => {
    const sid = { email: "sid.sso@e2e.quiver.test", name: "Sid Single-Sign-On" };
    const sidId = await addLinkedOperator(sid.email, sid.name);
    await page.goto("/settings/users");
    const row = page.getByRole("row", { name: sid.email });
    const badge = row.getByTitle(SSO_BADGE_TITLE);
    await expect(badge).toHaveText(`SSO at ${SSO_HOST}`);
    await expect(page.getByRole("row", { name: E2E_OPERATORS.editor.email }).getByTitle(SSO_BADGE_TITLE)).toHaveCount(0);
    await screenshotsAtBothWidths(page, "operators-sso-linked");

    const menu = page.getByRole("button", { name: `Actions for ${sid.email}` });
    const confirm = page.getByRole("alertdialog", { name: `Remove ${sid.email}'s single sign-on link?` });
    await menu.click();
    await page.getByRole("menuitem", { name: "Remove single sign-on link" }).click();
    await expect(confirm).toContainText(`Their next single sign-on through ${SSO_HOST} links them again`);
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(menu).toBeFocused();
    expect(await isLinked(sidId)).toBe(true);

    await page.keyboard.press("Enter");
    await page.getByRole("menuitem", { name: "Remove single sign-on link" }).click();
    await confirm.getByRole("button", { name: "Remove link" }).click();
    const notifications = page.getByRole("region", { name: /^Notifications/ });
    await expect(notifications.getByText(`${sid.email} is no longer linked to single sign-on`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(badge).toHaveCount(0);
    await expect(menu).toBeFocused();
    expect(await isLinked(sidId)).toBe(false);

    const again = await callServerAction(page.request, "/settings/users", REMOVE_LINK_ACTION(), [sidId]);
    expect(await again.text()).toContain(`${sid.email} is not linked to single sign-on, so there is no link to remove.`);

    await menu.click();
    await expect(page.getByRole("menuitem", { name: "Remove single sign-on link" })).toHaveCount(0);
    await page.getByRole("menuitem", { name: "Audit trail" }).click();
    await expect(page).toHaveURL(/\/audit\?type=user&target=sid\.sso/);
    const events = page.getByRole("list", { name: "Audit events" }).getByRole("listitem");
    await expect(events.filter({ hasText: "Single sign-on link removed" })).toHaveCount(1);
    await expect(events.first()).toContainText("Single sign-on link removed");
    await expect(events.first()).toContainText(E2E_OPERATORS.admin.email);
  });
});

test.describe("as an editor", () => {
  test.use({ storageState: storageStateFor("editor") });

  test("sees operators but no controls", async ({ page }) => {
    await page.goto("/settings/users");
    await expect(page.getByRole("row", { name: E2E_OPERATORS.admin.email })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add operator" })).toHaveCount(0);
    await expect(page.getByText("Only admins add operators or change roles.")).toBeVisible();
  });
});

test("editors and viewers see a single sign-on link but cannot remove it, not even with a crafted call", async ({ browser, leakGuard }) => {
  const kim = { email: "kim.kept-link@e2e.quiver.test", name: "Kim Kept Link" };
  const kimId = await addLinkedOperator(kim.email, kim.name);
  for (const role of ["editor", "viewer"] as const) {
    const session = await openGuardedPage(browser, leakGuard, storageStateFor(role));
    await session.page.goto("/settings/users");
    await expect(session.page.getByRole("row", { name: kim.email }).getByTitle(SSO_BADGE_TITLE)).toHaveText(`SSO at ${SSO_HOST}`);
    await expect(session.page.getByRole("button", { name: `Actions for ${kim.email}` })).toHaveCount(0);
    const refused = await callServerAction(session.page.request, "/settings/users", REMOVE_LINK_ACTION(), [kimId]);
    expect(await refused.text()).toContain(`This needs the admin role; you are signed in as ${role}.`);
    await session.close();
  }
  expect(await isLinked(kimId)).toBe(true);
});
