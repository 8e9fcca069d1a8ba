import "server-only";
/**
 * Setting an operator's password and ending their sessions (issue 15). Each of these moves the
 * operator's `sessionsValidAfter` stamp to now, so every session signed in before it is refused on
 * its next request (lib/operators/session-validity.ts). An admin's reset also marks the password as one
 * the operator must replace (`passwordChangeRequired`, lib/operators/access-gate.ts); their own change
 * clears the mark. Audit entries say what happened, never a password or a hash.
 */
import bcrypt from "bcryptjs";
import { recordAudit, type Actor, type AuditAction } from "../audit";
import { generatePassword, passwordIssues } from "./password-policy";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { inTransaction } from "../db/transactions";

/** bcrypt cost: about a quarter of a second per hash, slow enough to blunt guessing. */
const BCRYPT_ROUNDS = 12;

/** The bcrypt hash stored for `password`. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_ROUNDS);
}

/** Sessions signed in before the returned stamp no longer count. */
export interface EndedSessions {
  readonly email: string;
  readonly sessionsValidAfter: Date;
}

/**
 * Sets `password` for operator `id`, clears a pending "choose a new password" after an admin's
 * reset and ends every session of theirs; returns the new stamp (a session re-issued at exactly
 * that instant survives it). A password the policy refuses is a ValidationError and changes nothing.
 */
export async function setUserPassword(id: string, password: string, actor: Actor): Promise<EndedSessions> {
  const issues = passwordIssues(password);
  if (issues.length > 0) throw new ValidationError(issues);
  const passwordHash = await hashPassword(password);
  const change = { passwordHash, passwordChangeRequired: false };
  return endSessions(id, actor, "user.password", change, { passwordChanged: true, sessionsEnded: true });
}

/**
 * An admin's reset of another operator's password: a generated password, returned once for the
 * admin to pass on, every session of that operator ended, and the operator made to choose a new
 * password before anything else once they sign in with it (the admin knows this one). Resetting your own is refused: it
 * would end your own session with a password only this answer knows (the account page changes it).
 */
export async function resetUserPassword(id: string, actor: Actor): Promise<EndedSessions & { readonly password: string }> {
  if (actor.id === id) throw new ConflictError("You cannot reset your own password here: change it on your account page.");
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const ended = await endSessions(
    id,
    actor,
    "user.password_reset",
    { passwordHash, passwordChangeRequired: true },
    { passwordReset: true, sessionsEnded: true, passwordChangeRequired: true },
  );
  return { ...ended, password };
}

/** "Sign out everywhere": ends every session of operator `id`, the one asking included. */
export async function endUserSessions(id: string, actor: Actor): Promise<EndedSessions> {
  return endSessions(id, actor, "user.sign_out_everywhere", {}, { sessionsEnded: true });
}

async function endSessions(
  id: string,
  actor: Actor,
  action: AuditAction,
  change: { readonly passwordHash?: string; readonly passwordChangeRequired?: boolean },
  after: Readonly<Record<string, boolean>>,
): Promise<EndedSessions> {
  return inTransaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id }, select: { email: true } });
    if (!user) throw new NotFoundError("That operator does not exist.");
    const sessionsValidAfter = new Date();
    await tx.user.update({ where: { id }, data: { ...change, sessionsValidAfter } });
    await recordAudit(tx, { actor, action, targetType: "user", targetId: id, targetName: user.email, before: null, after });
    return { email: user.email, sessionsValidAfter };
  });
}
