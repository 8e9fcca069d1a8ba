/**
 * Protects the front door: an operator signs in with e-mail and password, lands on the dashboard
 * with their name and role, and signs out; a wrong password shows an error and creates no
 * session; signed-out visitors are sent to the sign-in page.
 */
import { expect, test } from "./fixtures/test";
import { E2E_OPERATORS } from "./support/environment";
import { signInAs, signInThroughForm } from "./support/sign-in";

const SESSION_COOKIE = "next-auth.session-token";

test("an operator signs in, sees the dashboard and signs out, which ends the session on the server", async ({ page, context }) => {
  await signInAs(page, E2E_OPERATORS.editor);
  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Role: editor")).toBeVisible();

  const sessionCookie = (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(sessionCookie).toBeDefined();

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  await page.goto("/personas");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpersonas/);

  // A copy of the signed-out session's token, replayed, no longer stands for anyone.
  await context.addCookies([sessionCookie!]);
  expect(await (await page.request.get("/api/auth/session")).json()).toEqual({});
  await page.goto("/personas");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpersonas/);
});

test("a wrong password shows an error and creates no session", async ({ page, context }) => {
  await signInThroughForm(page, E2E_OPERATORS.editor.email, "not-the-password");
  await expect(page.getByRole("status")).toHaveText("Sign-in failed. Check your e-mail and password.");
  await expect(page).toHaveURL(/\/login/);
  expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);
  await page.goto("/tools");
  await expect(page).toHaveURL(/\/login/);
});

test("an unknown e-mail is refused the same way", async ({ page }) => {
  await signInThroughForm(page, "nobody@e2e.quiver.test", E2E_OPERATORS.editor.password);
  await expect(page.getByRole("status")).toHaveText("Sign-in failed. Check your e-mail and password.");
});

test("after signing in, the operator returns to the page they asked for", async ({ page }) => {
  await page.goto("/audit");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faudit/);
  await page.getByLabel("E-mail").fill(E2E_OPERATORS.viewer.email);
  await page.getByLabel("Password").fill(E2E_OPERATORS.viewer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit" })).toBeVisible();
});
