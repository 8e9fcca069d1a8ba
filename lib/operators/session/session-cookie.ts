import "server-only";
import { decode, encode } from "next-auth/jwt";
import { cookies } from "next/headers";
import { getAuthOptions } from "./options";

/** next-auth's session cookie name: the `__Secure-` prefix when the app is served over HTTPS, as next-auth decides. */
function sessionCookieName(): string {
  return `${process.env.NEXTAUTH_URL?.startsWith("https://") ? "__Secure-" : ""}next-auth.session-token`;
}

/**
 * Re-issues the current request's session with `signedInAt` as its sign-in time, so it survives
 * the "sessions valid after" stamp set at that instant (an operator's own password change ends
 * every other session, not the one they are using). Only the session of `operatorId` is re-issued;
 * returns false when the request carries none, and the operator then simply signs in again.
 * Cookies can only be set from a server action or route handler.
 */
export async function reissueCurrentSession(operatorId: string, signedInAt: Date): Promise<boolean> {
  const secret = process.env.NEXTAUTH_SECRET;
  const maxAge = getAuthOptions().session?.maxAge;
  if (!secret || !maxAge) return false;
  const store = await cookies();
  const name = sessionCookieName();
  const token = await decode({ token: store.get(name)?.value, secret });
  if (token?.operatorId !== operatorId) return false;
  const value = await encode({ token: { ...token, signedInAt: signedInAt.getTime() }, secret, maxAge });
  store.set(name, value, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: name.startsWith("__Secure-"),
    expires: new Date(Date.now() + maxAge * 1000),
  });
  return true;
}
