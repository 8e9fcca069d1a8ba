/**
 * Protects the front door against abuse: a crafted sign-in link cannot send an operator off the
 * site after signing in, and guessing a password locks the account — ten wrong passwords lock it
 * with a message saying until when, the right password is refused during the lockout too, and
 * the audit trail shows every refused attempt. Uses its own operator (LOCKOUT_OPERATOR). A forged
 * X-Forwarded-For is not believed: the trail records the connection's address (no proxy is trusted
 * by default, QUIVER_TRUSTED_PROXIES), so rotating the header cannot dodge the per-address limit.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { E2E_BASE_URL, E2E_OPERATORS, storageStateFor } from "./support/environment";
import { LOCKOUT_OPERATOR } from "./support/lockout-operator";

const SESSION_COOKIE = "next-auth.session-token";
const WRONG_CREDENTIALS = "Sign-in failed. Check your e-mail and password.";
const LOCKED_OUT = /^Too many failed sign-ins: signing in is locked until \d\d:\d\d UTC\. Try again then, or ask an admin\.$/;

/** Submits the sign-in form and waits for the server's answer (the message may read the same as before). */
async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await Promise.all([
    page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials")),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
}

test.describe("after signing in", () => {
  for (const callbackUrl of ["/..//evil.example", "/.//evil.example/x", "/%2e%2e//evil.example", "/./\\evil.example"]) {
    test(`the crafted destination ${JSON.stringify(callbackUrl)} stays on the site`, async ({ page }) => {
      await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
      await submitSignIn(page, E2E_OPERATORS.viewer.email, E2E_OPERATORS.viewer.password);
      await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
      expect(new URL(page.url()).origin).toBe(E2E_BASE_URL);
      expect(page.url()).toBe(`${E2E_BASE_URL}/`);
    });
  }
});

test("ten wrong passwords lock the account, the right one is refused during the lockout, and the audit shows it", async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  await page.goto("/login");
  const status = page.getByRole("status");
  for (let attempt = 1; attempt < 10; attempt++) {
    await submitSignIn(page, LOCKOUT_OPERATOR.email, `wrong-password-${attempt}`);
    await expect(status).toHaveText(WRONG_CREDENTIALS);
  }
  await submitSignIn(page, LOCKOUT_OPERATOR.email, "wrong-password-10");
  await expect(status).toHaveText(LOCKED_OUT);

  await submitSignIn(page, LOCKOUT_OPERATOR.email, LOCKOUT_OPERATOR.password);
  await expect(status).toHaveText(LOCKED_OUT);
  await expect(page).toHaveURL(/\/login/);
  expect((await context.cookies()).some((cookie) => cookie.name === SESSION_COOKIE)).toBe(false);

  const auditor = await browser.newContext({ storageState: storageStateFor("admin") });
  try {
    const audit = await auditor.newPage();
    await audit.goto(`/audit?action=auth.sign_in_failed&target=${encodeURIComponent(LOCKOUT_OPERATOR.email)}`);
    const events = audit.getByRole("list", { name: "Audit events" }).getByRole("listitem");
    await expect(events).toHaveCount(11);
    await expect(events.first()).toContainText("auth.sign_in_failed");
    await expect(events.first()).toContainText(LOCKOUT_OPERATOR.email);
    await events.first().locator("summary").click();
    await expect(events.first().getByRole("row", { name: /^reason / })).toContainText('"locked"');
    await events.nth(1).locator("summary").click();
    await expect(events.nth(1).getByRole("row", { name: /^failures / })).toContainText("10");
  } finally {
    await auditor.close();
  }
});

test("a forged X-Forwarded-For is not believed: the audit records the connection's own address", async ({ browser }) => {
  const forgedEmail = "forged-address@e2e.quiver.test";
  const forger = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.7", "x-quiver-client-address": "198.51.100.9" } });
  const auditor = await browser.newContext({ storageState: storageStateFor("admin") });
  try {
    const page = await forger.newPage();
    await page.goto("/login");
    await submitSignIn(page, forgedEmail, "not-the-password");
    await expect(page.getByRole("status")).toHaveText(WRONG_CREDENTIALS);

    const audit = await auditor.newPage();
    await audit.goto(`/audit?action=auth.sign_in_failed&target=${encodeURIComponent(forgedEmail)}`);
    const entry = audit.getByRole("list", { name: "Audit events" }).getByRole("listitem").first();
    await entry.locator("summary").click();
    const address = entry.getByRole("row", { name: /^address / });
    await expect(address).toContainText("127.0.0.1");
    await expect(entry).not.toContainText("203.0.113.7");
    await expect(entry).not.toContainText("198.51.100.9");
  } finally {
    await forger.close();
    await auditor.close();
  }
});
