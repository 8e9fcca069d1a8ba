/** The password journeys' shared steps: the account page's change form, a refused sign-in, an admin's reset. */
import { expect, type Page } from "@playwright/test";
import { signInThroughForm } from "./sign-in";

/** Fills in the account page's "Change password" form and submits it. */
export async function submitPasswordChange(page: Page, fields: { current: string; next: string; again: string }): Promise<void> {
  await page.getByLabel("Current password").fill(fields.current);
  await page.getByLabel("New password", { exact: true }).fill(fields.next);
  await page.getByLabel("New password again").fill(fields.again);
  await page.getByRole("button", { name: "Change password" }).click();
}

/** Signs in with a password that must be refused. */
export async function expectPasswordRefused(page: Page, email: string, password: string): Promise<void> {
  await signInThroughForm(page, email, password);
  await expect(page.getByText("Sign-in failed. Check your e-mail and password.")).toBeVisible();
}

/** An admin resets `email`'s password on the users page, as they would; returns the password shown once. */
export async function resetPasswordThroughUsersPage(adminPage: Page, email: string): Promise<string> {
  await adminPage.goto("/settings/users");
  await adminPage.getByRole("button", { name: `Reset password of ${email}` }).click();
  await adminPage.getByRole("alertdialog", { name: `Reset ${email}'s password?` }).getByRole("button", { name: "Reset password" }).click();
  const shown = adminPage.getByRole("dialog", { name: `New password for ${email}` });
  const field = shown.getByLabel("New password");
  await expect(field).toHaveValue(/^[A-Za-z0-9_-]{24}$/);
  const generated = await field.inputValue();
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();
  return generated;
}
