import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { ForbiddenError } from "../errors";
import { getUserById } from "../db/users";
import { authOptions } from "./options";
import { hasRole, type Role } from "./roles";
import { sessionRefusal } from "./session-validity";

/** The signed-in operator as the server sees them now (role and status read from the database). */
export interface Operator {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly role: Role;
  /** When this session signed in; it ends by SESSION_ABSOLUTE_LIFETIME_MS later at the latest. */
  readonly signedInAt: Date;
}

/**
 * The operator behind the current request, or null when signed out. The session only carries
 * the operator's id and sign-in time: role, active status and the "sessions valid after" stamp
 * are read fresh (one row), so a demotion, a deactivation, a password change or "sign out
 * everywhere" takes effect on the very next request rather than when the session expires. A
 * session past its absolute lifetime counts as signed out too (session-validity.ts).
 */
export async function getCurrentOperator(): Promise<Operator | null> {
  const session = await getServerSession(authOptions);
  const id = session?.user?.id;
  if (!id) return null;
  const user = await getUserById(id);
  if (!user || !user.active) return null;
  if (sessionRefusal(session.signedInAt, user.sessionsValidAfter, Date.now())) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, signedInAt: new Date(session.signedInAt!) };
}

/**
 * The authorization boundary of every server action and route: returns the operator when they
 * hold at least `required`, otherwise throws ForbiddenError. The proxy only redirects.
 */
export async function requireRole(required: Role): Promise<Operator> {
  const operator = await getCurrentOperator();
  if (!operator) throw new ForbiddenError("Your session has ended. Sign in again.");
  if (!hasRole(operator.role, required)) {
    throw new ForbiddenError(`This needs the ${required} role; you are signed in as ${operator.role}.`);
  }
  return operator;
}

/** For pages: the signed-in operator, or a redirect to the sign-in page. */
export async function requirePageOperator(): Promise<Operator> {
  const operator = await getCurrentOperator();
  if (!operator) redirect("/login");
  return operator;
}
