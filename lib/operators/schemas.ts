/** Inputs of the operator actions (lib/operators/actions.ts): the operators list and the account page. */
import { z } from "zod";
import { ROLES } from "./roles";
import { boundedName, boundedText, INPUT_LIMITS } from "../actions/input-limits";

/**
 * A password field's cap on characters. Generous on purpose: the password policy's own, sharper
 * rule (72 bytes, what bcrypt reads) answers anything up to this with its explanation.
 */
const PASSWORD_FIELD_LIMIT = 256;
const password = boundedText(PASSWORD_FIELD_LIMIT);

/** One of the three roles. */
export const roleSchema = z.enum(ROLES, { error: "Choose a role" });

/** The operator an action is about. */
export const userIdSchema = boundedText(INPUT_LIMITS.id).min(1, "Choose an operator");

/** The "Add an operator" form. */
export const newUserSchema = z.object({
  email: boundedText(INPUT_LIMITS.email),
  name: boundedName(INPUT_LIMITS.displayName),
  role: roleSchema,
  password,
});

/** The account page's "Change password" form. */
export const passwordChangeSchema = z.object({
  currentPassword: password,
  newPassword: password,
  confirmPassword: password,
});

/** An operator's new role. */
export const roleChangeSchema = z.object({ userId: userIdSchema, role: roleSchema });

/** An operator activated or deactivated. */
export const activeChangeSchema = z.object({ userId: userIdSchema, active: z.boolean() });
