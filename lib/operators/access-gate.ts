/**
 * What the operator behind a request may reach: the decisions behind requireRole and
 * requirePageOperator (session.ts), pure so each rule is unit-tested.
 *
 * - Signed out (or a session that no longer counts): actions are refused, pages send the operator
 *   to sign-in with the page they asked for, so they come back to it.
 * - An admin reset the password and this session signed in with it: until the operator chooses a
 *   new one, only their own account is reachable (changing the password, signing out everywhere);
 *   every other page sends them to it and every other action is refused. The admin knows that
 *   password, so it must not stay in use. A single sign-on session proved who the operator is
 *   elsewhere and is not held up (docs/DECISIONS.md).
 * - Otherwise an action needs its role; any page renders (pages show or hide controls by role).
 */
import { hasRole, type Role } from "./roles";
import { safeDestination } from "./sign-in/safe-destination";

/** The account page: the one page reachable while a new password is pending. */
export const ACCOUNT_PATH = "/settings/account";

/** The request header the proxy puts the requested page's path and query in, for the sign-in redirect. */
export const PATH_HEADER = "x-quiver-path";

/** Every refused action while a new password is pending says this. */
export const PASSWORD_CHANGE_PENDING_MESSAGE = "An admin reset your password. Choose a new one on Your account (/settings/account) before anything else.";

const SESSION_ENDED_MESSAGE = "Your session has ended. Sign in again.";

/** How a session signed in: the sign-in form's password, or single sign-on. */
export type SignInMethod = "password" | "oidc";

/** What a request needs: at least a role, or only the operator's own account. */
export type Reach = Role | "own-account";

/** What the gate needs to know of the operator behind a request. */
export interface GateOperator {
  readonly role: Role;
  /** They must choose a new password before anything else (see {@link isPasswordChangePending}). */
  readonly passwordChangePending: boolean;
}

/**
 * Whether an operator marked `passwordChangeRequired` (an admin's reset) is held to choosing a new
 * password in a session signed in by `signInMethod`: yes, unless single sign-on signed it in. A
 * session without the claim counts as a password one (the reset ended every older session anyway).
 */
export function isPasswordChangePending(passwordChangeRequired: boolean, signInMethod: unknown): boolean {
  return passwordChangeRequired && signInMethod !== "oidc";
}

/** An action's gate: the operator to act as, or the refusal to show them. */
export type ActionGate<O> = { readonly operator: O } | { readonly refusal: string };

/** Whether `operator` (null: signed out) may run an action needing `reach`. */
export function actionGate<O extends GateOperator>(operator: O | null, reach: Reach): ActionGate<O> {
  if (!operator) return { refusal: SESSION_ENDED_MESSAGE };
  if (reach === "own-account") return { operator };
  if (operator.passwordChangePending) return { refusal: PASSWORD_CHANGE_PENDING_MESSAGE };
  if (!hasRole(operator.role, reach)) return { refusal: `This needs the ${reach} role; you are signed in as ${operator.role}.` };
  return { operator };
}

/** A page's gate: the operator to render for, or where to send the browser instead. */
export type PageGate<O> = { readonly operator: O } | { readonly redirectTo: string };

/**
 * Whether `operator` (null: signed out) may see a page; `ownAccount` marks the account page (and
 * the frame around it). `requestedPath` is the page asked for (null when unknown), kept for after
 * sign-in.
 */
export function pageGate<O extends GateOperator>(operator: O | null, ownAccount: boolean, requestedPath: string | null): PageGate<O> {
  if (!operator) return { redirectTo: signInPath(requestedPath) };
  if (operator.passwordChangePending && !ownAccount) return { redirectTo: ACCOUNT_PATH };
  return { operator };
}

/**
 * The sign-in page, asked to continue to `requestedPath` afterwards; only a path on this site is
 * kept (safe-destination.ts), and the home page needs no mention.
 */
export function signInPath(requestedPath: string | null): string {
  if (!requestedPath || requestedPath === "/") return "/login";
  return `/login?${new URLSearchParams({ callbackUrl: safeDestination(requestedPath) })}`;
}
