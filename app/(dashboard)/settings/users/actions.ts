"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseForm, parseInput } from "@/lib/actions/parse-input";
import { newUserSchema, roleSchema, userIdSchema } from "@/lib/actions/schemas/users";
import { requireRole } from "@/lib/auth/session";
import { unlinkSingleSignOn } from "@/lib/db/oidc-links";
import { resetUserPassword } from "@/lib/db/user-passwords";
import { changeUserRole, createUser, setUserActive } from "@/lib/db/users";

/** Adds an operator (admin only). */
export async function createUserAction(_previous: ActionResult<{ email: string }> | null, form: FormData): Promise<ActionResult<{ email: string }>> {
  try {
    const admin = await requireRole("admin");
    const user = await createUser(parseForm(newUserSchema, form), admin);
    revalidatePath("/settings/users");
    return actionSuccess({ email: user.email }, `${user.email} can now sign in as ${user.role}.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Changes an operator's role (admin only; the last active admin keeps theirs). */
export async function changeUserRoleAction(userId: string, role: string): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const user = await changeUserRole(parseInput(userIdSchema, userId), parseInput(roleSchema, role), admin);
    revalidatePath("/settings/users");
    return actionSuccess(undefined, `${user.email} is now ${user.role}.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Activates or deactivates an operator (admin only; never the last active admin). Deactivating ends their sessions. */
export async function setUserActiveAction(userId: string, active: boolean): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const user = await setUserActive(parseInput(userIdSchema, userId), parseInput(z.boolean(), active), admin);
    revalidatePath("/settings/users");
    return actionSuccess(undefined, `${user.email} is ${user.active ? "active" : "deactivated and signed out"}.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/**
 * Resets another operator's password (admin only) and ends their sessions. The generated password
 * is in this answer only, for the admin to copy once: it is never stored, logged or audited.
 */
export async function resetUserPasswordAction(userId: string): Promise<ActionResult<{ email: string; password: string }>> {
  try {
    const admin = await requireRole("admin");
    const { email, password } = await resetUserPassword(parseInput(userIdSchema, userId), admin);
    revalidatePath("/settings/users");
    return actionSuccess({ email, password }, `${email}'s password was reset and their sessions ended.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/**
 * Removes an operator's single sign-on link (admin only), for when their account at the identity
 * provider changed. Their next single sign-on links them again by e-mail; their password and
 * sessions are unaffected (docs/DECISIONS.md).
 */
export async function removeSingleSignOnLinkAction(userId: string): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const { email } = await unlinkSingleSignOn(parseInput(userIdSchema, userId), admin);
    revalidatePath("/settings/users");
    return actionSuccess(undefined, `${email} is no longer linked to single sign-on; their next single sign-on links them again by e-mail.`);
  } catch (error) {
    return actionFailure(error);
  }
}
