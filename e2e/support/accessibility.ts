/** Accessibility checks shared by the specs that look at a page as an operator would. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "../fixtures/test";

/** One axe violation, as @axe-core/playwright reports it. */
type AxeViolation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

/**
 * Every serious or critical axe violation on what the page shows now. axe reports violations in
 * full and, asked for nothing else, skips building selectors for every passing node — most of a
 * run's time on a large page.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  return violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""));
}

/** No serious or critical axe finding on what the page shows now; `where` names the look in the failure. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const blocking = await seriousAxeViolations(page);
  expect(blocking.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`), where).toEqual([]);
}
