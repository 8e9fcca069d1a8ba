/** What the sign-in page says for an error code next-auth put in the URL (`?error=…`) or returned. */
export const WRONG_CREDENTIALS = "Sign-in failed. Check your e-mail and password.";

const LOCKED_PREFIX = "SignInLocked:";

/** The error code a refused sign-in carries while the account or address is locked until `until`. */
export function lockedOutCode(until: Date): string {
  return `${LOCKED_PREFIX}${until.toISOString()}`;
}

/** The sentence for next-auth's `error` code; empty input means no error. */
export function describeSignInError(code: string): string | undefined {
  if (!code) return undefined;
  if (code === "CredentialsSignin") return WRONG_CREDENTIALS;
  if (code.startsWith(LOCKED_PREFIX)) return describeLockout(new Date(code.slice(LOCKED_PREFIX.length)));
  if (code === "AccessDenied") {
    return "This account may not sign in here: no active operator is linked to it. Check you chose the right account, or ask an admin to add your verified e-mail address as an operator.";
  }
  return "Single sign-on failed. Try again, or sign in with your e-mail and password.";
}

/** The sentence for a refused e-mail-and-password sign-in: the lockout, or wrong credentials. */
export function describePasswordSignInError(code: string | null | undefined): string {
  return code?.startsWith(LOCKED_PREFIX) ? describeSignInError(code)! : WRONG_CREDENTIALS;
}

function describeLockout(until: Date): string {
  if (Number.isNaN(until.getTime())) return "Too many failed sign-ins: signing in is locked for a while. Try again later, or ask an admin.";
  // Rounded up to the minute, so "try again at" is never a moment too early. UTC, like the audit page.
  const minute = new Date(Math.ceil(until.getTime() / 60_000) * 60_000);
  return `Too many failed sign-ins: signing in is locked until ${minute.toISOString().slice(11, 16)} UTC. Try again then, or ask an admin.`;
}
