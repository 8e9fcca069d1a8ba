/**
 * Signs each seeded operator in once through the real form and saves the browser state, so the
 * specs start signed in as admin, editor or viewer without repeating the login.
 */
import { test as setup } from "./fixtures/test";
import { E2E_OPERATORS, storageStateFor, type E2ERole } from "./support/environment";
import { signInAs } from "./support/sign-in";

for (const role of Object.keys(E2E_OPERATORS) as E2ERole[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInAs(page, E2E_OPERATORS[role]);
    await page.context().storageState({ path: storageStateFor(role) });
  });
}
