import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

const SCREENSHOTS = "data/screenshots";

/** Full-page screenshots of what `page` shows at 1280 and 390 px wide, as data/screenshots/<name>-<width>.png, for a person to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
