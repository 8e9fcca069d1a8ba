import { expect, type Page } from "@playwright/test";

/** Signs in through the real sign-in form, as an operator would. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in and waits for the dashboard to show the operator's name. */
export async function signInAs(page: Page, operator: { email: string; password: string; name: string }): Promise<void> {
  await signInThroughForm(page, operator.email, operator.password);
  await expect(page.getByTestId("operator-name")).toHaveText(operator.name);
}
