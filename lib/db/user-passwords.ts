/**
 * Setting an operator's password and ending their sessions (issue 15). Each of these moves the
 * operator's `sessionsValidAfter` stamp to now, so every session signed in before it is refused on
 * its next request (lib/auth/session-validity.ts). Audit entries say what happened, never a
 * password or a hash.
 */
import bcrypt from "bcryptjs";
import type { Actor, AuditAction } from "../audit/events";
import { generatePassword, passwordIssues } from "../auth/password-policy";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { recordAudit } from "./audit";
import { inTransaction } from "./transactions";

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
 * Sets `password` for operator `id` and ends every session of theirs; returns the new stamp (a
 * session re-issued at exactly that instant survives it). A password the policy refuses is a
 * ValidationError and changes nothing.
 */
export async function setUserPassword(id: string, password: string, actor: Actor): Promise<EndedSessions> {
  const issues = passwordIssues(password);
  if (issues.length > 0) throw new ValidationError(issues);
  const passwordHash = await hashPassword(password);
  return endSessions(id, actor, "user.password", { passwordHash }, { passwordChanged: true, sessionsEnded: true });
}

/**
 * An admin's reset of another operator's password: a generated password, returned once for the
 * admin to pass on, and every session of that operator ended. Resetting your own is refused: it
 * would end your own session with a password only this answer knows (the account page changes it).
 */
export async function resetUserPassword(id: string, actor: Actor): Promise<EndedSessions & { readonly password: string }> {
  if (actor.id === id) throw new ConflictError("You cannot reset your own password here: change it on your account page.");
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const ended = await endSessions(id, actor, "user.password_reset", { passwordHash }, { passwordReset: true, sessionsEnded: true });
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
  change: { readonly passwordHash?: string },
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
