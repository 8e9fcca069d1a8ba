"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseForm } from "@/lib/actions/parse-input";
import { passwordChangeSchema } from "@/lib/actions/schemas/users";
import { changeOwnPassword } from "@/lib/auth/password-change";
import { reissueCurrentSession } from "@/lib/auth/session-cookie";
import { DEFAULT_DESTINATION } from "@/lib/auth/safe-destination";
import { requireOwnAccount } from "@/lib/auth/session";
import { endUserSessions } from "@/lib/db/user-passwords";

/**
 * The signed-in operator changes their own password. Every other session of theirs ends; this one
 * is re-issued at the new stamp so they stay signed in here. After an admin's reset this is the
 * one thing they may do; once done they continue to the dashboard.
 */
export async function changeOwnPasswordAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  let stayed: boolean;
  let wasRequired: boolean;
  try {
    const operator = await requireOwnAccount();
    const { sessionsValidAfter } = await changeOwnPassword(operator, parseForm(passwordChangeSchema, form));
    stayed = await reissueCurrentSession(operator.id, sessionsValidAfter);
    wasRequired = operator.passwordChangePending;
  } catch (error) {
    return actionFailure(error);
  }
  if (wasRequired && stayed) {
    // The frame around every page changes too: the full dashboard replaces the focused view.
    revalidatePath("/", "layout");
    redirect(DEFAULT_DESTINATION);
  }
  revalidatePath("/settings/account");
  return actionSuccess(
    undefined,
    stayed ? "Password changed. Your other sessions are signed out." : "Password changed. Sign in again with your new password.",
  );
}

/** "Sign out everywhere": ends every session of the signed-in operator, this one included. */
export async function signOutEverywhereAction(): Promise<ActionResult> {
  try {
    const operator = await requireOwnAccount();
    await endUserSessions(operator.id, operator);
    return actionSuccess(undefined, "Signed out everywhere.");
  } catch (error) {
    return actionFailure(error);
  }
}
