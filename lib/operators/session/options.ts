import "server-only";
import type { NextAuthOptions, Session } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import { recordSignInEvent } from "../sign-in/sign-in-events";
import { getUserById } from "../users";
import { admitSingleSignOn, oidcProviderFromEnv } from "../sign-in/oidc";
import { signInWithPassword } from "../sign-in/password-sign-in";
import { operatorOfToken } from "../session-operator";
import { lockedOutCode } from "../sign-in/sign-in-errors";
import { clientAddressOf } from "../sign-in/sign-in-throttle";
import { endSession, newSessionId } from "../ended-sessions";

/** Eight hours: an operator signs in once per working day. */
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

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

/**
 * Ends the signed-out session on the server, so a copy of its token is refused from now on
 * (ended-sessions.ts), and audits the sign-out.
 */
async function endSignedOutSession(token: JWT | null | undefined) {
  if (typeof token?.sessionId === "string" && typeof token.signedInAt === "number") await endSession(token.sessionId, token.signedInAt);
  const operator = typeof token?.operatorId === "string" ? await getUserById(token.operatorId) : null;
  if (operator) await recordSignInEvent("auth.sign_out", operator, {});
}

let built: NextAuthOptions | null = null;

/**
 * next-auth configuration: e-mail + password always, single sign-on when configured; JWT sessions.
 * Built on first use, not when the module loads: scripts that use the operators domain outside
 * Next.js (the seed) never evaluate next-auth's providers, whose CommonJS default export plain
 * Node does not unwrap.
 */
export function getAuthOptions(): NextAuthOptions {
  built ??= buildAuthOptions();
  return built;
}

function buildAuthOptions(): NextAuthOptions {
  const oidcProvider = oidcProviderFromEnv(process.env);
  return {
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
    // Sign-ins are audited where they are checked: the password's in its provider, single sign-on's in signIn below.
    events: {
      signOut: ({ token }) => endSignedOutSession(token),
    },
    callbacks: {
      async signIn({ user, account, profile }) {
        // Makes `user` the linked operator (or refuses), so the jwt callback below sees Quiver's id.
        return account?.provider === "oidc" ? admitSingleSignOn(user, profile) : true;
      },
      async jwt({ token, user, account }) {
        if (user) {
          token.operatorId = user.id;
          token.sessionId = newSessionId();
          // Renewals re-stamp `iat`; this claim keeps the sign-in time for the absolute lifetime.
          token.signedInAt = Date.now();
          token.signInMethod = account?.provider === "oidc" ? "oidc" : "password";
        }
        return token;
      },
      async session({ session, token }) {
        const operator = await operatorOfToken(token);
        // A session that no longer counts answers like none at all: next-auth's empty body, `{}`.
        if (!operator) return {} as Session;
        return { ...session, operator };
      },
    },
  };
}
