import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { findUserForSignIn } from "../db/users";
import { oidcProviderFromEnv, verifiedEmailOf } from "./oidc";
import { checkPassword } from "./password-sign-in";

/** Eight hours: an operator signs in once per working day. */
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** The operator a single sign-on profile belongs to: matched by its verified e-mail only. */
async function operatorForSingleSignOn(profile: unknown) {
  const email = verifiedEmailOf(profile);
  return email ? findUserForSignIn(email) : null;
}

async function authorizeWithPassword(credentials: Record<string, string> | undefined) {
  return checkPassword(credentials?.email ?? "", credentials?.password ?? "");
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
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user && typeof token.operatorId === "string") session.user.id = token.operatorId;
      return session;
    },
  },
};
