/**
 * Protects small readings an operator relies on: a list of one says "1 tool", not "1 tools"; the
 * audit's action menu is grouped by what the action acts on, in words, and still works from the
 * keyboard with the action's code in the URL; array items in the playground's arguments form are
 * headed "Stop 1", "Stop 2"; and a tool name's underscores show in a monospace input. Screenshots
 * at 1280 and 390 px are kept in data/screenshots/ for review.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/test";
import { storageStateFor } from "./support/environment";

const WIDTHS = [1280, 390] as const;

/** A screenshot at each width (the whole page unless `fullPage` is false), for a person to look at. */
async function keepScreenshots(page: Page, name: string, { fullPage = true, beforeEach }: { fullPage?: boolean; beforeEach?: () => Promise<void> } = {}) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await beforeEach?.();
    await page.screenshot({ path: `data/screenshots/polish-${width}-${name}.png`, fullPage });
  }
}

test.use({ storageState: storageStateFor("editor"), viewport: { width: 1280, height: 844 } });

test("a list of one names its item in the singular", async ({ page }) => {
  await page.goto("/tools?q=e2e_weather");
  await expect(page.getByRole("navigation", { name: "Pages of tools" })).toHaveText(/Viewing 1–1 of 1 tool(?!s)/);
  await keepScreenshots(page, "tools-one");
});

test("the audit's action menu groups actions by what they act on, and picks one from the keyboard", async ({ page }) => {
  await page.goto("/audit");
  const trigger = page.getByRole("button", { name: "Action", exact: true });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  for (const heading of ["Tools", "Personas", "Credentials", "API keys", "Operators", "Encryption keys", "Sign-in"]) {
    await expect(menu.getByRole("group", { name: heading })).toBeVisible();
  }
  await expect(menu.getByRole("group", { name: "Tools" }).getByRole("menuitem", { name: "Tool created" })).toBeVisible();
  // The menu as it opens, over the first screenful (the list under it is long).
  await keepScreenshots(page, "audit-action-menu", {
    fullPage: false,
    beforeEach: async () => {
      if (!(await menu.isVisible())) {
        await trigger.focus();
        await page.keyboard.press("Enter");
      }
    },
  });

  // The last heading's first item, from the keyboard: End goes to the last item (Signed out), Up twice.
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("group", { name: "Sign-in" }).getByRole("menuitem", { name: "Signed in", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]action=auth\.sign_in(&|$)/);
  await expect(page.getByRole("link", { name: "Action: Signed in (remove filter)" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Action\s*: Signed in$/ })).toBeVisible();
  await keepScreenshots(page, "audit-filtered", { fullPage: false });
});

test("array items in the arguments form are headed in words and renumber", async ({ page }) => {
  await page.goto("/tools/e2e_play_forecast?tab=test");
  const add = page.getByRole("button", { name: "Add item" });
  await add.click();
  await add.click();
  await expect(page.getByRole("group", { name: /^Stop 1\b/ })).toBeVisible();
  await expect(page.getByRole("group", { name: /^Stop 2\b/ })).toBeVisible();
  await expect(page.getByText(/stops-\d/)).toHaveCount(0);
  await page.getByRole("group", { name: /^Stop 2\b/ }).getByRole("textbox", { name: /^name/ }).fill("Market");
  // Each item's buttons sit beside its fields, the first item's first.
  await page.getByRole("button", { name: "Remove item" }).first().click();
  await expect(page.getByRole("group", { name: /^Stop 2\b/ })).toHaveCount(0);
  await expect(page.getByRole("group", { name: /^Stop 1\b/ }).getByRole("textbox", { name: /^name/ })).toHaveValue("Market");
  await add.click();
  await keepScreenshots(page, "playground-array");
});

/** How many pixels of two same-size PNGs differ clearly (by more than 32 in a channel), counted in the browser. */
async function pixelsThatDiffer(page: Page, first: Buffer, second: Buffer): Promise<number> {
  return page.evaluate(async ([a, b]) => {
    const pixels = async (base64: string) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext("2d") as OffscreenCanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, image.width, image.height).data;
    };
    const [p, q] = [await pixels(a), await pixels(b)];
    let differing = 0;
    for (let index = 0; index < p.length; index += 4) {
      if ([0, 1, 2].some((channel) => Math.abs(p[index + channel]! - q[index + channel]!) > 32)) differing += 1;
    }
    return differing;
  }, [first.toString("base64"), second.toString("base64")] as const);
}

test("a tool name's underscores show in its monospace input", async ({ page }) => {
  await page.goto("/tools/new-tool");
  const name = page.getByLabel("Name", { exact: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await name.fill("get order status");
    const spaces = await name.screenshot();
    await name.fill("get_order_status");
    const underscores = await name.screenshot({ path: `data/screenshots/polish-${width}-mono-input.png` });
    // Two underscores, each several pixels wide; hinted and clipped they left nothing to see.
    expect(await pixelsThatDiffer(page, spaces, underscores), `${width} px`).toBeGreaterThan(10);
  }
});
