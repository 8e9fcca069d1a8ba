/** Operators the specs add for themselves, so the seeded ones (saved sign-ins) are never changed. */
import type { Page } from "@playwright/test";
import type { Role } from "../../lib/operators/roles";

export interface TestOperator {
  readonly email: string;
  readonly name: string;
  readonly password: string;
}

/** Fills in and submits the users page's "Add an operator" form, as an admin would. */
export async function addOperatorThroughForm(page: Page, operator: TestOperator, role: Role): Promise<void> {
  await page.goto("/settings/users");
  await page.getByLabel("E-mail").fill(operator.email);
  await page.getByLabel("Name").fill(operator.name);
  await page.getByLabel("Role", { exact: true }).selectOption(role);
  await page.getByLabel("Initial password").fill(operator.password);
  await page.getByRole("button", { name: "Add operator" }).click();
}
