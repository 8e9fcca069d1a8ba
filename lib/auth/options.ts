import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { recordSignInEvent } from "../db/sign-in-events";
import { findUserForSignIn, getUserById } from "../db/users";
import { oidcProviderFromEnv, verifiedEmailOf } from "./oidc";
import { signInWithPassword } from "./password-sign-in";
import { lockedOutCode } from "./sign-in-errors";
import { clientAddressOf } from "./sign-in-throttle";

/** Eight hours: an operator signs in once per working day. */
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** The operator a single sign-on profile belongs to: matched by its verified e-mail only. */
async function operatorForSingleSignOn(profile: unknown) {
  const email = verifiedEmailOf(profile);
  return email ? findUserForSignIn(email) : null;
}

async function authorizeWithPassword(
  credentials: Record<string, string> | undefined,
  request: { headers?: Record<string, unknown> },
) {
  const outcome = await signInWithPassword({
    email: credentials?.email ?? "",
    password: credentials?.password ?? "",
    clientAddress: clientAddressOf(request.headers),
  });
  if (outcome.ok) return outcome.user;
  // next-auth hands a thrown error's message to the sign-in form as its error code.
  if (outcome.lockedUntil) throw new Error(lockedOutCode(outcome.lockedUntil));
  return null;
}

/** Audits a sign-out; the session token carries the operator's id only. */
async function auditSignOut(token: { operatorId?: unknown } | null | undefined) {
  const operator = typeof token?.operatorId === "string" ? await getUserById(token.operatorId) : null;
  if (operator) await recordSignInEvent("auth.sign_out", operator, {});
}

const oidcProvider = oidcProviderFromEnv(process.env);

/** next-auth configuration: e-mail + password always, single sign-on when configured; JWT sessions. */
export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "E-mail and password",
      credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: authorizeWithPassword,
    }),
    ...(oidcProvider ? [oidcProvider] : []),
  ],
  events: {
    async signIn({ account, profile }) {
      // Password sign-ins are audited where they are checked (with the client address).
      if (account?.provider !== "oidc") return;
      const operator = await operatorForSingleSignOn(profile);
      if (operator) await recordSignInEvent("auth.sign_in", operator, { method: "single sign-on" });
    },
    signOut: ({ token }) => auditSignOut(token),
  },
  callbacks: {
    async signIn({ account, profile }) {
      if (account?.provider !== "oidc") return true;
      const operator = await operatorForSingleSignOn(profile);
      return Boolean(operator?.active);
    },
    async jwt({ token, user, account, profile }) {
      if (user) {
        const operator = account?.provider === "oidc" ? await operatorForSingleSignOn(profile) : null;
        token.operatorId = operator?.id ?? user.id;
        // Renewals re-stamp `iat`; this claim keeps the sign-in time for the absolute lifetime.
        token.signedInAt = Date.now();
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user && typeof token.operatorId === "string") session.user.id = token.operatorId;
      if (typeof token.signedInAt === "number") session.signedInAt = token.signedInAt;
      return session;
    },
  },
};
