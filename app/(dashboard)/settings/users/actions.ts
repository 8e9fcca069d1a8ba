"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseForm, parseInput } from "@/lib/actions/parse-input";
import { ROLES } from "@/lib/auth/roles";
import { requireRole } from "@/lib/auth/session";
import { changeUserRole, createUser, setUserActive } from "@/lib/db/users";

const userIdSchema = z.string().min(1, "Choose an operator");

const newUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES, { error: "Choose a role" }),
  password: z.string(),
});

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
    const parsedRole = parseInput(z.enum(ROLES, { error: "Choose a role" }), role);
    const user = await changeUserRole(parseInput(userIdSchema, userId), parsedRole, admin);
    revalidatePath("/settings/users");
    return actionSuccess(undefined, `${user.email} is now ${user.role}.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Activates or deactivates an operator (admin only; never the last active admin). */
export async function setUserActiveAction(userId: string, active: boolean): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const user = await setUserActive(parseInput(userIdSchema, userId), parseInput(z.boolean(), active), admin);
    revalidatePath("/settings/users");
    return actionSuccess(undefined, `${user.email} is ${user.active ? "active" : "deactivated"}.`);
  } catch (error) {
    return actionFailure(error);
  }
}
