import "server-only";
import type { JWT } from "next-auth/jwt";
import { getUserById } from "./users";
import { isPasswordChangePending } from "./access-gate";
import type { Role } from "./roles";
import { sessionRefusal } from "./session-validity";
import { isSessionEnded } from "./ended-sessions";

/** The operator behind a session that still counts, as the session answer carries it. */
export interface SessionOperator {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  /** When this session signed in (epoch ms); it ends by SESSION_ABSOLUTE_LIFETIME_MS later at the latest. */
  readonly signedInAt: number;
  /** An admin reset the password this session signed in with: only a new one lets them on (access-gate.ts). */
  readonly passwordChangePending: boolean;
}

/**
 * The operator a session token stands for now, or null when the session no longer counts. The
 * token only carries the operator's id, sign-in time and method: role, active status, the
 * "sessions valid after" stamp and a pending password change are read fresh (one row), so a
 * demotion, a deactivation, a password change, an admin's reset or "sign out everywhere" takes
 * effect on the very next request rather than when the session expires. A session past its
 * absolute lifetime no longer counts either (session-validity.ts), nor one that was signed out
 * (ended-sessions.ts); a token without a session id (forged, or issued before sessions had one)
 * cannot be signed out, so it does not count.
 */
export async function operatorOfToken(token: Pick<JWT, "operatorId" | "sessionId" | "signedInAt" | "signInMethod">): Promise<SessionOperator | null> {
  const { operatorId, sessionId, signedInAt, signInMethod } = token;
  if (typeof operatorId !== "string" || typeof sessionId !== "string") return null;
  const [user, ended] = await Promise.all([getUserById(operatorId), isSessionEnded(sessionId)]);
  if (!user || !user.active || ended) return null;
  if (typeof signedInAt !== "number" || sessionRefusal(signedInAt, user.sessionsValidAfter, Date.now())) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    signedInAt,
    passwordChangePending: isPasswordChangePending(user.passwordChangeRequired, signInMethod),
  };
}
