/**
 * Protects how sessions end (issue 15). An operator who changes their own password stays signed
 * in where they changed it, while their other browser is sent to sign-in on its next navigation
 * and only the new password signs in; an ended session's page sends it to sign-in and back to that
 * page afterwards. An admin's reset shows a generated password once (with a copy button), ends the
 * operator's sessions (their session answer is empty), and that password signs in, to the "Choose
 * a new password" view (e2e/password-reset.spec.ts follows it further). "Sign out everywhere" ends
 * every session, the one that asked included. Each journey uses an operator it adds itself.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { storageStateFor } from "./support/environment";
import { openGuardedPage } from "./support/guarded-page";
import { addOperatorThroughForm, type TestOperator } from "./support/operators";
import { expectPasswordRefused, submitPasswordChange } from "./support/passwords";
import { signInAs } from "./support/sign-in";

test.use({ storageState: storageStateFor("admin") });

/** Adds `operator` as a viewer through the admin's page and waits for their row. */
async function addViewer(adminPage: Page, operator: TestOperator): Promise<void> {
  await addOperatorThroughForm(adminPage, operator, "viewer");
  await expect(adminPage.getByRole("row", { name: operator.email })).toBeVisible();
}

/** A navigation that must land on the sign-in form, asked to come back to the page: the session no longer counts. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto("/tools");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Ftools$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to the operator console" })).toBeVisible();
}

test("a password change keeps this session and signs the operator's other browser out", async ({ page, browser, leakGuard }) => {
  const pia = { email: "pia.password@e2e.quiver.test", name: "Pia Password", password: "pia-initial-pass-1" };
  const newPassword = "pia-changed-pass-2";
  leakGuard.watch(pia.password);
  leakGuard.watch(newPassword);
  await addViewer(page, pia);
  const here = await openGuardedPage(browser, leakGuard);
  const elsewhere = await openGuardedPage(browser, leakGuard);
  await signInAs(here.page, pia);
  await signInAs(elsewhere.page, pia);

  await here.page.getByRole("button", { name: "Account menu" }).click();
  await here.page.getByRole("menuitem", { name: "Your account" }).click();
  await expect(here.page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await submitPasswordChange(here.page, { current: pia.password, next: newPassword, again: newPassword });
  await expect(here.page.getByRole("status").filter({ hasText: "Password changed" })).toHaveText("Password changed. Your other sessions are signed out.");
  await expect(here.page.getByLabel("Current password")).toHaveValue("");

  await here.page.goto("/tools");
  await expect(here.page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
  await expectSignedOut(elsewhere.page);
  await expectPasswordRefused(elsewhere.page, pia.email, pia.password);
  // The ended session's page asks for sign-in and, signed in again, continues to it.
  await elsewhere.page.goto("/personas?q=support");
  await expect(elsewhere.page).toHaveURL(/\/login\?callbackUrl=%2Fpersonas%3Fq%3Dsupport$/);
  await elsewhere.page.getByLabel("E-mail").fill(pia.email);
  await elsewhere.page.getByLabel("Password").fill(newPassword);
  await elsewhere.page.getByRole("button", { name: "Sign in" }).click();
  await expect(elsewhere.page).toHaveURL(/\/personas\?q=support$/);
  await expect(elsewhere.page.getByTestId("operator-name")).toHaveText(pia.name);
  await here.close();
  await elsewhere.close();
});

test("a refused change keeps every field, says why next to it, and ends nothing", async ({ page, browser, leakGuard }) => {
  const wes = { email: "wes.wrong@e2e.quiver.test", name: "Wes Wrong", password: "wes-initial-pass-1" };
  leakGuard.watch(wes.password);
  await addViewer(page, wes);
  const session = await openGuardedPage(browser, leakGuard);
  const account = session.page;
  await signInAs(account, wes);
  await account.goto("/settings/account");
  const [current, next, again] = [account.getByLabel("Current password"), account.getByLabel("New password", { exact: true }), account.getByLabel("New password again")];

  await submitPasswordChange(account, { current: "not-my-password", next: "wes-next-pass-2", again: "wes-next-pass-3" });
  await expect(account.getByText("does not match the new password")).toBeVisible();
  await expect(again).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveValue("not-my-password");
  await expect(next).toHaveValue("wes-next-pass-2");
  await expect(again).toHaveValue("wes-next-pass-3");

  await submitPasswordChange(account, { current: "not-my-password", next: "wes-next-pass-2", again: "wes-next-pass-2" });
  await expect(account.getByText("is not your current password")).toBeVisible();
  await expect(current).toHaveAttribute("aria-invalid", "true");
  await expect(current).toHaveValue("not-my-password");
  await expect(next).toHaveValue("wes-next-pass-2");
  await expect(again).toHaveValue("wes-next-pass-2");

  await account.reload();
  await expect(account.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await session.close();
  const later = await openGuardedPage(browser, leakGuard);
  await signInAs(later.page, wes);
  await later.close();
});

test("an admin's reset shows a password once, ends the operator's sessions, and that password signs in", async ({ page, context, browser, leakGuard }) => {
  const rita = { email: "rita.reset@e2e.quiver.test", name: "Rita Reset", password: "rita-initial-pass-1" };
  leakGuard.watch(rita.password);
  await addViewer(page, rita);
  const ritaSession = await openGuardedPage(browser, leakGuard);
  await signInAs(ritaSession.page, rita);
  expect(await (await ritaSession.page.request.get("/api/auth/session")).json()).toMatchObject({ operator: { email: rita.email, passwordChangePending: false } });

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: `Reset password of ${rita.email}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Reset ${rita.email}'s password?` });
  await confirm.getByRole("button", { name: "Reset password" }).click();
  const shown = page.getByRole("dialog", { name: `New password for ${rita.email}` });
  const field = shown.getByLabel("New password");
  await expect(field).toHaveValue(/^[A-Za-z0-9_-]{24}$/);
  const generated = await field.inputValue();
  await shown.getByRole("button", { name: "Copy password" }).click();
  await expect(shown.getByText("Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByRole("button", { name: `Reset password of ${rita.email}` })).toBeFocused();
  expect(await page.content()).not.toContain(generated);
  await page.reload();
  expect(await page.content()).not.toContain(generated);

  // The ended session's own answer is next-auth's empty one, as if signed out.
  expect(await (await ritaSession.page.request.get("/api/auth/session")).json()).toEqual({});
  await expectSignedOut(ritaSession.page);
  await expectPasswordRefused(ritaSession.page, rita.email, rita.password);
  await signInAs(ritaSession.page, { ...rita, password: generated });
  await expect(ritaSession.page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
  await ritaSession.close();

  await page.goto(`/audit?action=user.password_reset`);
  const event = page.getByRole("list", { name: "Audit events" }).getByRole("listitem").first();
  await expect(event).toContainText(rita.email);
  expect(await page.content()).not.toContain(generated);
});

test("sign out everywhere ends every session of the operator, the one that asked included", async ({ page, browser, leakGuard }) => {
  const sid = { email: "sid.everywhere@e2e.quiver.test", name: "Sid Everywhere", password: "sid-initial-pass-1" };
  leakGuard.watch(sid.password);
  await addViewer(page, sid);
  const here = await openGuardedPage(browser, leakGuard);
  const elsewhere = await openGuardedPage(browser, leakGuard);
  await signInAs(here.page, sid);
  await signInAs(elsewhere.page, sid);

  await here.page.goto("/settings/account");
  await here.page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = here.page.getByRole("alertdialog", { name: "Sign out everywhere?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await elsewhere.page.goto("/tools");
  await expect(elsewhere.page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();

  await here.page.getByRole("button", { name: "Sign out everywhere" }).click();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(here.page).toHaveURL(/\/login/);
  await expectSignedOut(here.page);
  await expectSignedOut(elsewhere.page);
  await signInAs(elsewhere.page, sid);
  await here.close();
  await elsewhere.close();
});
