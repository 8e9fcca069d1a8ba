/**
 * Protects the browser-side defences. The sign-in page and a 404 load in Chromium under the
 * Content-Security-Policy with no violation reported, their nonce-carrying scripts run and the page
 * hydrates; an operator still signs in through the form (every dashboard page is checked the same
 * way on the admin's visit in e2e/every-page.spec.ts, which loads each page once for all its checks).
 * The policy allows no eval, and the parameter forms still check arguments without it: on the
 * Test tab a missing argument and a value against a pattern that would stall a backtracking engine
 * are marked next to their fields and nothing is sent, good values dry-run; the editor's live
 * preview draws its form; no violation on the way.
 * A script injected into a page's HTML without the nonce, or an inline event handler, is blocked
 * (so the policy is real). Pages, redirects, a server action's answer, the agents' API and a
 * static asset all carry the security headers; HSTS only when the reverse proxy says HTTPS.
 */
import type { APIResponse, Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { E2E_BASE_URL, E2E_OPERATORS, storageStateFor } from "./support/environment";
import { expectScriptsRan, recordViolations, watchForViolations } from "./support/csp";
import { callServerAction, serverActionId } from "./support/server-actions";
import { signInThroughForm } from "./support/sign-in";

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/]+={0,2})'/;

/** The nonce of a page response's policy. */
function nonceOf(policy: string | undefined): string {
  const nonce = policy?.match(NONCE_SOURCE)?.[1];
  expect(nonce, `no nonce in ${policy}`).toBeTruthy();
  return nonce as string;
}

/** The headers every response carries, whatever it is. */
function expectCommonHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  expect.soft(headers["x-frame-options"], what).toBe("DENY");
  expect.soft(headers["x-content-type-options"], what).toBe("nosniff");
  expect.soft(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect.soft(headers["cross-origin-opener-policy"], what).toBe("same-origin");
  expect.soft(headers["permissions-policy"], what).toContain("camera=()");
  expect.soft(headers["strict-transport-security"], `${what}: no HSTS over plain HTTP`).toBeUndefined();
}

/** A page's policy: scripts by this response's nonce only, and the directives the issue names. */
function expectPagePolicy(response: APIResponse, what: string): string {
  const policy = response.headers()["content-security-policy"] ?? "";
  for (const directive of [
    "script-src 'self' 'nonce-",
    "'strict-dynamic'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect.soft(policy, what).toContain(directive);
  }
  return nonceOf(policy);
}

const NON_PAGE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

test.describe("no CSP violation", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("a page that does not exist", async ({ page }) => {
    await page.addInitScript(recordViolations);
    const violations = watchForViolations(page);
    const response = await page.goto("/no/such/page/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This page does not exist" })).toBeVisible();
    await expectScriptsRan(page);
    expect(await violations()).toEqual([]);
  });
});

test.describe("the parameter forms under a policy without eval", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("the Test tab marks bad arguments next to their fields and sends good ones; the editor's preview draws its form", async ({ page }) => {
    expect(await page.request.get("/tools").then((response) => response.headers()["content-security-policy"])).not.toContain("'unsafe-eval'");
    await page.addInitScript(recordViolations);
    const violations = watchForViolations(page);
    let sent = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/playground/runs")) sent++;
    });

    await page.goto("/tools/e2e_play_forecast?tab=test");
    await expectScriptsRan(page);
    const city = page.getByRole("textbox", { name: /^city/ });
    const country = page.getByRole("textbox", { name: /^country/ });
    const dryRun = page.getByRole("button", { name: "Dry run", exact: true });
    await city.fill("");
    // 38 capitals and a "!": JavaScript's RegExp would backtrack through 2^38 ways to split them.
    await country.fill(`${"A".repeat(38)}!`);
    await dryRun.click();
    await expect(page.getByText("city is required")).toBeVisible();
    await expect(page.getByText('must match pattern "^([A-Z]+)+$"')).toBeVisible();
    expect(sent).toBe(0);

    await city.fill("Porto");
    await country.fill("PT");
    const answered = page.waitForResponse((response) => response.url().endsWith("/api/playground/runs"));
    await dryRun.click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole("region", { name: "Run", exact: true }).getByText("Dry run", { exact: true })).toBeVisible();
    await expect(page.getByText('must match pattern "^([A-Z]+)+$"')).toBeHidden();

    await page.goto("/tools/e2e_orders/edit");
    await expectScriptsRan(page);
    await page.getByRole("tab", { name: "Arguments form" }).click();
    await expect(page.getByRole("tabpanel", { name: "Arguments form" }).getByRole("textbox").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
  });
});

test.describe("signed out", () => {
  test("the sign-in page shows no violation, and signing in through the form still works", async ({ page }) => {
    await page.addInitScript(recordViolations);
    const violations = watchForViolations(page);
    const response = await page.goto("/login");
    expect(response?.status()).toBe(200);
    await expectScriptsRan(page);
    expect(await violations()).toEqual([]);

    await signInThroughForm(page, E2E_OPERATORS.viewer.email, E2E_OPERATORS.viewer.password);
    await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
    await expectScriptsRan(page);
    expect(await violations()).toEqual([]);
  });

  test("the sign-in redirect keeps its destination and carries the headers", async ({ playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    const response = await anonymous.get("/personas?tab=x", { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(response.headers().location).toBe("/login?callbackUrl=%2Fpersonas%3Ftab%3Dx");
    expectCommonHeaders(response, "redirect");
    expectPagePolicy(response, "redirect");
    await anonymous.dispose();
  });
});

test.describe("the policy is enforced", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("a script injected into the page's HTML without the nonce does not run; one with it does", async ({ page }) => {
    // As if the server had echoed attacker-controlled markup: one script without the nonce, one
    // inline event handler, and (as a control that the harness can see scripts run) one with it.
    await page.route("**/tools", async (route) => {
      const original = await route.fetch();
      const nonce = nonceOf(original.headers()["content-security-policy"]);
      const injected = [
        `<script>(window.__injected ??= []).push("no nonce")</script>`,
        `<img alt="" src="/no-such-image.png" onerror="(window.__injected ??= []).push('handler')">`,
        `<script nonce="${nonce}">(window.__injected ??= []).push("nonce")</script>`,
      ].join("");
      // The body is handed over decoded, so the original encoding and length no longer apply.
      const { "content-encoding": _encoding, "content-length": _length, ...headers } = original.headers();
      await route.fulfill({ response: original, headers, body: (await original.text()).replace("</body>", `${injected}</body>`) });
    });
    await page.addInitScript(recordViolations);
    const violations = watchForViolations(page);
    await page.goto("/tools");
    await expect(page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.__injected ?? [])).toEqual(["nonce"]);
    await expect.poll(violations).toEqual(
      expect.arrayContaining([expect.stringMatching(/^script-src-elem blocked inline/), expect.stringMatching(/^script-src-attr blocked inline/)]),
    );
  });
});

test.describe("headers on every kind of response", () => {
  test.use({ storageState: storageStateFor("viewer") });

  test("a page: a fresh nonce per response, on every script Next.js renders", async ({ page }) => {
    const first = await page.request.get("/tools");
    const second = await page.request.get("/tools");
    expectCommonHeaders(first, "page");
    const nonce = expectPagePolicy(first, "page");
    expect(expectPagePolicy(second, "page")).not.toBe(nonce);

    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(1);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });

  test("a server action's answer", async ({ page }) => {
    await page.goto("/personas");
    const response = await callServerAction(page.request, "/personas", serverActionId("lib/personas/server/actions.ts", "setPersonaToolEnabledAction"), [
      "support-tier1",
      "triage_request",
      false,
    ]);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("This needs the editor role; you are signed in as viewer.");
    expectCommonHeaders(response, "server action");
    expectPagePolicy(response, "server action");
  });

  test("the agents' API, next-auth, and a static asset take the non-page policy", async ({ page }) => {
    await page.goto("/tools");
    const asset = await page.locator('script[src^="/_next/static/"]').first().getAttribute("src");
    for (const path of ["/api/v1/openapi.json", "/api/auth/session", asset as string, "/_next/static/no-such-file.js"]) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(path.includes("no-such-file") ? 404 : 200);
      expectCommonHeaders(response, path);
      expect.soft(response.headers()["content-security-policy"], path).toBe(NON_PAGE_POLICY);
    }
  });

  test("HSTS on every kind of response when the reverse proxy says the request came over HTTPS", async ({ page }) => {
    await page.goto("/tools");
    const asset = await page.locator('script[src^="/_next/static/"]').first().getAttribute("src");
    for (const path of ["/tools", "/login", "/api/v1/openapi.json", asset as string]) {
      const response = await page.request.get(path, { headers: { "X-Forwarded-Proto": "https" }, maxRedirects: 0 });
      expect.soft(response.headers()["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
    }
  });
});
