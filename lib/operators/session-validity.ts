/**
 * When a signed-in session stops counting (issue 15). Two rules on top of next-auth's own expiry:
 *
 * - An absolute lifetime. next-auth renews a JWT session every time its session endpoint answers
 *   (sliding expiry), so a session kept busy would never end. The token records when the operator
 *   signed in (`signedInAt`), and the session is refused once that is longer ago than
 *   {@link SESSION_ABSOLUTE_LIFETIME_MS}, renewed or not. A token without the claim (issued before
 *   it existed, or forged without it) is refused too: its age cannot be known.
 * - The operator's "sessions valid after" stamp. A password change, an admin's reset, "sign out
 *   everywhere" and a deactivation set it; any session signed in before it is refused.
 *
 * Pure, so both rules are unit-tested without a clock or a database.
 */

/** Twelve hours: a working day with slack; after that the operator signs in again. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** Why a session no longer counts: too old, or ended by the operator's stamp. */
export type SessionRefusal = "expired" | "ended";

/**
 * Why the session signed in at `signedInAt` (epoch milliseconds, from the token) is refused at
 * `now`, given the operator's `sessionsValidAfter` stamp; null when it is still valid. A session
 * signed in at the stamp's very instant is valid: that is how a session re-issued together with
 * the stamp (an operator's own password change) survives it.
 */
export function sessionRefusal(signedInAt: unknown, sessionsValidAfter: Date | null, now: number): SessionRefusal | null {
  if (typeof signedInAt !== "number" || !Number.isFinite(signedInAt)) return "expired";
  if (now - signedInAt > SESSION_ABSOLUTE_LIFETIME_MS) return "expired";
  if (sessionsValidAfter && signedInAt < sessionsValidAfter.getTime()) return "ended";
  return null;
}
