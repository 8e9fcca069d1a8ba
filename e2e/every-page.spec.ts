/**
 * Protects how every page looks, for every role. Each dashboard page (and the sign-in page) fits a
 * 390 px phone without sideways scrolling and has no serious or critical axe finding in light or
 * dark (the admin's in every look, the other roles' at 1280 px light); screenshots of each are kept
 * for review in data/screenshots. On the admin's visit each dashboard page also runs its
 * nonce-carrying scripts under the Content-Security-Policy with no violation reported, through every
 * look (e2e/security-headers.spec.ts checks the policy itself).
 *
 * It only reads: playwright.config.ts runs it beside the rest of the suite (its own project, its own
 * worker, the same server), so nothing here may change what another spec sees.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { seriousAxeViolations } from "./support/accessibility";
import { expectScriptsRan, recordViolations, watchForViolations } from "./support/csp";
import { storageStateFor, type E2ERole } from "./support/environment";
import { SIGNED_IN_ROUTES, SIGNED_OUT_ROUTES } from "./support/routes";
import { DESKTOP, PHONE } from "./support/viewports";

/** Kept after the run (test-results/ is wiped by the next one); data/ is git-ignored. */
const SCREENSHOT_DIR = "data/screenshots";
/** Nodes listed per violation; the rest are counted. */
const NODES_REPORTED = 5;

type Theme = "light" | "dark";

/** Switches the system colour scheme; with the theme left on "System", `<html>` follows it. */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  else await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
}

/** Fails (softly, so one visit reports every finding) on any serious or critical axe violation. */
async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  const blocking = await seriousAxeViolations(page);
  const report = blocking
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, NODES_REPORTED)
        .map((node) => `    ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replace(/\n\s*/g, " ")}`);
      const more = violation.nodes.length > NODES_REPORTED ? [`    … and ${violation.nodes.length - NODES_REPORTED} more`] : [];
      return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...nodes, ...more].join("\n");
    })
    .join("\n");
  expect.soft(blocking.map((violation) => violation.id), `axe found serious or critical violations on ${where}:\n${report}`).toEqual([]);
}

/** Fails softly if the page scrolls sideways. */
async function expectNoHorizontalScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect.soft(scrollWidth, `${where} scrolls sideways (${scrollWidth} px of content in ${clientWidth} px)`).toBeLessThanOrEqual(clientWidth);
}

/** A full-page screenshot, attached to the report and copied to {@link SCREENSHOT_DIR}. */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(name, { body, contentType: "image/png" });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOT_DIR}/${name}.png`, body);
}

const slugOf = (path: string) => path.replace(/^\//, "").replace(/[^a-z0-9_]+/gi, "-");

/** The looks a visit checks, in order: each width and theme scrolled-checked (phone), axe-checked and kept as a screenshot. */
const EVERY_LOOK: readonly Theme[][] = [["light", "dark"], ["dark", "light"]];
/**
 * One look per theme and width: enough for the roles whose pages differ from the admin's only by
 * the actions they hide — at 1280 px light, axe-checked; at 390 px dark, checked for sideways
 * scrolling (the admin's visit axe-checks the phone layout, which hiding actions does not change).
 * A third of the time of every look: the suite's time is bounded (CI's 40 minutes).
 */
const ONE_LOOK_PER_THEME: readonly Theme[][] = [["light"], ["dark"]];

/**
 * One visit: at 1280 px each of `looks`' first themes (axe and a screenshot), then at 390 px each
 * of its second (no sideways scroll and a screenshot; axe on the last, as layout is what changes
 * between the phone's themes). Every look is 1280 px light and dark, then 390 px dark and light.
 */
async function checkLooks(page: Page, testInfo: TestInfo, who: string, path: string, looks: readonly Theme[][] = EVERY_LOOK, axeOnPhone = true): Promise<void> {
  const slug = slugOf(path);
  const [desktopThemes = [], phoneThemes = []] = looks;
  for (const theme of desktopThemes) {
    await useTheme(page, theme);
    await expectNoSeriousAxeViolations(page, `${path} (${who}, ${DESKTOP.width} px, ${theme})`);
    await keepScreenshot(page, testInfo, `${who}-${DESKTOP.width}-${theme}-${slug}`);
  }
  await page.setViewportSize(PHONE);
  for (const theme of phoneThemes) {
    await useTheme(page, theme);
    await expectNoHorizontalScroll(page, `${path} (${who}, ${PHONE.width} px, ${theme})`);
    if (axeOnPhone && theme === phoneThemes.at(-1)) await expectNoSeriousAxeViolations(page, `${path} (${who}, ${PHONE.width} px, ${theme})`);
    await keepScreenshot(page, testInfo, `${who}-${PHONE.width}-${theme}-${slug}`);
  }
}

test.describe("every page, every role: phone width, axe in light and dark, screenshots", () => {
  test.use({ viewport: DESKTOP, colorScheme: "light" });

  for (const role of ["admin", "editor", "viewer"] as const satisfies readonly E2ERole[]) {
    test.describe(`as ${role}`, () => {
      test.use({ storageState: storageStateFor(role) });

      for (const route of SIGNED_IN_ROUTES) {
        test(route.path, async ({ page }, testInfo) => {
          // An admin's visit checks every look (axe in both themes, screenshots at both widths): up to 28 s in a full run
          // on two cores, 33 s in a busier one — too close to the default 30 s, so it gets Playwright's slow budget.
          const admin = role === "admin";
          if (admin) {
            test.slow();
            await page.addInitScript(recordViolations);
          }
          const violations = admin ? watchForViolations(page) : null;
          const response = await page.goto(route.path);
          expect(response?.status()).toBe(route.status);
          await expect(page.getByRole("heading", { level: 1, name: route.heading })).toBeVisible();
          if ("selectedTab" in route) await expect(page.getByRole("tab", { name: route.selectedTab })).toHaveAttribute("aria-selected", "true");
          if (violations === null) return checkLooks(page, testInfo, role, route.path, ONE_LOOK_PER_THEME, false);
          await expectScriptsRan(page);
          await page.waitForLoadState("networkidle");
          await checkLooks(page, testInfo, role, route.path);
          expect(await violations(), `Content-Security-Policy violations on ${route.path}`).toEqual([]);
        });
      }
    });
  }

  for (const route of SIGNED_OUT_ROUTES) {
    test(`${route.path}, signed out`, async ({ page }, testInfo) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(route.status);
      await expect(page.getByRole("heading", { level: 1, name: route.heading })).toBeVisible();
      await checkLooks(page, testInfo, "signed-out", route.path);
    });
  }
});
