/**
 * Protects the clean-up of stale tool names (SPEC §4): a persona naming tools that no longer
 * exist shows them; an editor's clean-up removes them from the disabled list but leaves the
 * grant (an admin's), and says so; an admin's clean-up removes the rest.
 */
import { expect, test } from "./fixtures/test";
import { storageStateFor } from "./support/environment";
import { openGuardedPage } from "./support/guarded-page";

test("an editor cleans the disabled list, then an admin cleans the grant", async ({ browser, leakGuard }) => {
  for (const { role, says, remaining } of [
    { role: "editor", says: "Removed old_weather. retired_lookup stays in the grant: only an admin can change it.", remaining: "retired_lookup" },
    { role: "admin", says: "Removed retired_lookup.", remaining: null },
  ] as const) {
    const { page, close } = await openGuardedPage(browser, leakGuard, storageStateFor(role));
    await page.goto("/personas/e2e-retired");
    const persona = page.getByRole("region", { name: "Retired tools" });
    await expect(persona).toContainText("Names that match no tool");
    await persona.getByRole("button", { name: "Remove names of deleted tools" }).click();
    await expect(persona.getByRole("status")).toHaveText(says);
    await page.reload();
    if (remaining) {
      await expect(persona).toContainText(`Names that match no tool (deleted or renamed): ${remaining}.`);
    } else {
      await expect(persona).not.toContainText("Names that match no tool");
      await expect(persona.getByRole("button", { name: "Remove names of deleted tools" })).toHaveCount(0);
    }
    await close();
  }
});
