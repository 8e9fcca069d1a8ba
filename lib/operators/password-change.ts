import "server-only";
import type { Actor } from "../audit";
import { ConflictError, ValidationError, type ValidationIssue } from "../errors";
import { setUserPassword, type EndedSessions } from "./user-passwords";
import { checkPassword } from "./sign-in/password-sign-in";
import { passwordIssues } from "./password-policy";
import { describeSignInError, lockedOutCode } from "./sign-in/sign-in-errors";
import { accountFailures } from "./sign-in/sign-in-throttle";

/** What the account page's form submits. */
export interface PasswordChange {
  readonly currentPassword: string;
  readonly newPassword: string;
  /** The new password typed again. */
  readonly confirmPassword: string;
}

/**
 * An operator changes their own password: the current one must be right, the new one must meet
 * the policy, differ from it and be typed the same twice. A wrong current password counts as a failed sign-in for the
 * account (so a borrowed session cannot guess it faster than the sign-in form could) and a locked
 * account is refused. On success every session of theirs ends (the caller re-issues the one in use).
 */
export async function changeOwnPassword(operator: Actor & { readonly id: string }, change: PasswordChange): Promise<EndedSessions> {
  const issues: ValidationIssue[] = passwordIssues(change.newPassword).map((issue) => ({ ...issue, path: "newPassword" }));
  if (change.newPassword && change.newPassword === change.currentPassword) {
    issues.push({ path: "newPassword", message: "must differ from your current password" });
  }
  if (change.confirmPassword !== change.newPassword) issues.push({ path: "confirmPassword", message: "does not match the new password" });
  if (!change.currentPassword) issues.push({ path: "currentPassword", message: "is required" });
  if (issues.length > 0) throw new ValidationError(issues);

  const { lockedForMs } = await accountFailures.state(operator.email);
  if (lockedForMs > 0) throw new ConflictError(describeSignInError(lockedOutCode(new Date(Date.now() + lockedForMs)))!);
  if (!(await checkPassword(operator.email, change.currentPassword))) {
    await accountFailures.fail(operator.email);
    throw new ValidationError([{ path: "currentPassword", message: "is not your current password" }]);
  }
  return setUserPassword(operator.id, change.newPassword, operator);
}
