import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import type { LeakGuard } from "../fixtures/leak-guard";

/**
 * A page in a second browser context — another operator, or nobody signed in — whose responses
 * the test's leak guard records like its own. `close()` waits for the guard, then closes.
 */
export async function openGuardedPage(
  browser: Browser,
  leakGuard: LeakGuard,
  storageState: BrowserContextOptions["storageState"] = { cookies: [], origins: [] },
): Promise<{ page: Page; context: BrowserContext; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState });
  const stopObserving = leakGuard.observeContext(context);
  const page = await context.newPage();
  return {
    page,
    context,
    close: async () => {
      await stopObserving();
      await context.close();
    },
  };
}
