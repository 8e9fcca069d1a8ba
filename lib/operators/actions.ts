"use server";
/** The operators' server actions: managing operators (admins) and the signed-in operator's own account. */
import { z } from "zod";
import { revokeConnectedAppsOf } from "../agent-door/oauth";
import { actionSuccess, type ActionResult } from "../actions/action-result";
import { actionRedirect, defineAction, formFields } from "../actions/define-action";
import { changeOwnPassword } from "./password-change";
import { activeChangeSchema, newUserSchema, passwordChangeSchema, roleChangeSchema, userIdSchema } from "./schemas";
import { reissueCurrentSession } from "./session/session-cookie";
import { unlinkSingleSignOn } from "./sign-in/oidc-links";
import { DEFAULT_DESTINATION } from "./sign-in/safe-destination";
import { endUserSessions, resetUserPassword } from "./user-passwords";
import { changeUserRole, createUser, setUserActive } from "./users";

const OPERATORS_PAGE = ["/settings/users"];

/** Adds an operator (admin only); a form used with `useActionState`. */
export const createUserAction = defineAction(
  { role: "admin", input: newUserSchema, from: (_previous: ActionResult<{ email: string }> | null, form: FormData) => formFields(_previous, form), revalidate: OPERATORS_PAGE },
  async (input, admin) => {
    const user = await createUser(input, admin);
    return actionSuccess({ email: user.email }, `${user.email} can now sign in as ${user.role}.`);
  },
);

/** Changes an operator's role (admin only; the last active admin keeps theirs). */
export const changeUserRoleAction = defineAction(
  { role: "admin", input: roleChangeSchema, from: (userId: string, role: string) => ({ userId, role }), revalidate: OPERATORS_PAGE },
  async ({ userId, role }, admin) => {
    const user = await changeUserRole(userId, role, admin);
    return actionSuccess(undefined, `${user.email} is now ${user.role}.`);
  },
);

/**
 * Activates or deactivates an operator (admin only; never the last active admin). Deactivating ends
 * their sessions and revokes the apps they approved (OAuth): an approval stands for its operator.
 */
export const setUserActiveAction = defineAction(
  { role: "admin", input: activeChangeSchema, from: (userId: string, active: boolean) => ({ userId, active }), revalidate: OPERATORS_PAGE },
  async ({ userId, active }, admin) => {
    const user = await setUserActive(userId, active, admin);
    if (user.active) return actionSuccess(undefined, `${user.email} is active.`);
    const disconnected = await revokeConnectedAppsOf({ operatorId: userId }, admin);
    const apps = disconnected > 0 ? `; ${disconnected} app${disconnected === 1 ? "" : "s"} they approved ${disconnected === 1 ? "is" : "are"} disconnected` : "";
    return actionSuccess(undefined, `${user.email} is deactivated and signed out${apps}.`);
  },
);

/**
 * Resets another operator's password (admin only) and ends their sessions. The generated password
 * is in this answer only, for the admin to copy once: it is never stored, logged or audited.
 */
export const resetUserPasswordAction = defineAction(
  { role: "admin", input: userIdSchema, from: (userId: string) => userId, revalidate: OPERATORS_PAGE },
  async (userId, admin) => {
    const { email, password } = await resetUserPassword(userId, admin);
    return actionSuccess({ email, password }, `${email}'s password was reset and their sessions ended.`);
  },
);

/**
 * Removes an operator's single sign-on link (admin only), for when their account at the identity
 * provider changed. Their next single sign-on links them again by e-mail; their password and
 * sessions are unaffected (docs/DECISIONS.md).
 */
export const removeSingleSignOnLinkAction = defineAction(
  { role: "admin", input: userIdSchema, from: (userId: string) => userId, revalidate: OPERATORS_PAGE },
  async (userId, admin) => {
    const { email } = await unlinkSingleSignOn(userId, admin);
    return actionSuccess(undefined, `${email} is no longer linked to single sign-on; their next single sign-on links them again by e-mail.`);
  },
);

/**
 * The signed-in operator changes their own password. Every other session of theirs ends; this one
 * is re-issued at the new stamp so they stay signed in here. After an admin's reset this is the
 * one thing they may do; once done they continue to the dashboard, whose frame changes too (the
 * full dashboard replaces the focused view).
 */
export const changeOwnPasswordAction = defineAction(
  {
    role: "own-account",
    input: passwordChangeSchema,
    from: (_previous: ActionResult | null, form: FormData) => formFields(_previous, form),
    revalidate: [{ path: "/", type: "layout" }],
  },
  async (input, operator) => {
    const { sessionsValidAfter } = await changeOwnPassword(operator, input);
    const stayed = await reissueCurrentSession(operator.id, sessionsValidAfter);
    if (operator.passwordChangePending && stayed) return actionRedirect(DEFAULT_DESTINATION);
    return actionSuccess(undefined, stayed ? "Password changed. Your other sessions are signed out." : "Password changed. Sign in again with your new password.");
  },
);

/** "Sign out everywhere": ends every session of the signed-in operator, this one included. */
export const signOutEverywhereAction = defineAction({ role: "own-account", input: z.undefined(), from: () => undefined }, async (_input, operator) => {
  await endUserSessions(operator.id, operator);
  return actionSuccess(undefined, "Signed out everywhere.");
});
