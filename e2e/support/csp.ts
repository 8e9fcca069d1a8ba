/**
 * Watching a page for Content-Security-Policy violations (e2e/security-headers.spec.ts, and every
 * page's visit in e2e/every-page.spec.ts): the DOM's `securitypolicyviolation` events from the
 * first script on, and Chromium's console reports.
 */
import { expect, type Page } from "@playwright/test";

declare global {
  interface Window {
    __cspViolations?: string[];
    __injected?: string[];
  }
}

/** An init script (`page.addInitScript`): records every `securitypolicyviolation` from the first script on, before the page's own run. */
export function recordViolations(): void {
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__cspViolations?.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
  });
}

/** Starts collecting CSP violations on `page`: the DOM events and Chromium's console reports. */
export function watchForViolations(page: Page): () => Promise<string[]> {
  const reported: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) reported.push(message.text());
  });
  return async () => [...(await page.evaluate(() => window.__cspViolations ?? [])), ...reported];
}

/** The page ran its nonce-carrying inline scripts (`__next_f`), its bundles (`window.next`) and the theme script. */
export async function expectScriptsRan(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean((window as { next?: unknown }).next))).toBe(true);
  expect(await page.evaluate(() => Array.isArray((self as { __next_f?: unknown }).__next_f))).toBe(true);
  await expect(page.locator("html")).toHaveClass(/\b(light|dark)\b/);
}
