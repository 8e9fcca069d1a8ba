"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseForm } from "@/lib/actions/parse-input";
import { passwordChangeSchema } from "@/lib/actions/schemas/users";
import { changeOwnPassword } from "@/lib/auth/password-change";
import { reissueCurrentSession } from "@/lib/auth/session-cookie";
import { requireRole } from "@/lib/auth/session";
import { endUserSessions } from "@/lib/db/user-passwords";

/**
 * The signed-in operator changes their own password. Every other session of theirs ends; this one
 * is re-issued at the new stamp so they stay signed in here.
 */
export async function changeOwnPasswordAction(_previous: ActionResult | null, form: FormData): Promise<ActionResult> {
  try {
    const operator = await requireRole("viewer");
    const { sessionsValidAfter } = await changeOwnPassword(operator, parseForm(passwordChangeSchema, form));
    const stayed = await reissueCurrentSession(operator.id, sessionsValidAfter);
    revalidatePath("/settings/account");
    return actionSuccess(
      undefined,
      stayed ? "Password changed. Your other sessions are signed out." : "Password changed. Sign in again with your new password.",
    );
  } catch (error) {
    return actionFailure(error);
  }
}

/** "Sign out everywhere": ends every session of the signed-in operator, this one included. */
export async function signOutEverywhereAction(): Promise<ActionResult> {
  try {
    const operator = await requireRole("viewer");
    await endUserSessions(operator.id, operator);
    return actionSuccess(undefined, "Signed out everywhere.");
  } catch (error) {
    return actionFailure(error);
  }
}
