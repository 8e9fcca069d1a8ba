/** What the sign-in page says for an error code next-auth put in the URL (`?error=…`). */
export const WRONG_CREDENTIALS = "Sign-in failed. Check your e-mail and password.";

/** The sentence for next-auth's `error` query parameter; empty input means no error. */
export function describeSignInError(code: string): string | undefined {
  if (!code) return undefined;
  if (code === "CredentialsSignin") return WRONG_CREDENTIALS;
  if (code === "AccessDenied") {
    return "This account may not sign in here. Ask an admin to add your verified e-mail address as an operator.";
  }
  return "Single sign-on failed. Try again, or sign in with your e-mail and password.";
}
