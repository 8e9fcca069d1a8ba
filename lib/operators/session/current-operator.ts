import "server-only";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { ForbiddenError } from "../../errors";
import { actionGate, pageGate, PATH_HEADER, type Reach } from "../access-gate";
import { getAuthOptions } from "./options";
import type { Role } from "../roles";
import type { SessionOperator } from "../session-operator";

/** The signed-in operator as the server sees them now (role and status read from the database). */
export interface Operator extends Omit<SessionOperator, "signedInAt"> {
  /** When this session signed in; it ends by SESSION_ABSOLUTE_LIFETIME_MS later at the latest. */
  readonly signedInAt: Date;
}

/**
 * The operator behind the current request, or null when signed out or when the session no longer
 * counts. The session answer reads them fresh on every request (session-operator.ts).
 */
export async function getCurrentOperator(): Promise<Operator | null> {
  const operator = (await getServerSession(getAuthOptions()))?.operator;
  return operator ? { ...operator, signedInAt: new Date(operator.signedInAt) } : null;
}

/**
 * The authorization boundary of every server action and route: returns the operator when they
 * hold at least `required`, otherwise throws ForbiddenError (a pending password change after an
 * admin's reset refuses everything, access-gate.ts). The proxy only redirects.
 */
export async function requireRole(required: Role): Promise<Operator> {
  return requireReach(required);
}

/**
 * For the actions on the operator's own account (changing their password, signing out
 * everywhere): the signed-in operator, even one who must still choose a new password.
 */
export async function requireOwnAccount(): Promise<Operator> {
  return requireReach("own-account");
}

async function requireReach(reach: Reach): Promise<Operator> {
  const gate = actionGate(await getCurrentOperator(), reach);
  if ("refusal" in gate) throw new ForbiddenError(gate.refusal);
  return gate.operator;
}

/**
 * For pages: the signed-in operator, or a redirect to the sign-in page (back to this page
 * afterwards). While a new password is pending every page but the account page (`ownAccount`, and
 * the dashboard frame around it) sends the operator there.
 */
export async function requirePageOperator({ ownAccount = false } = {}): Promise<Operator> {
  const gate = pageGate(await getCurrentOperator(), ownAccount, (await headers()).get(PATH_HEADER));
  if ("redirectTo" in gate) redirect(gate.redirectTo);
  return gate.operator;
}
