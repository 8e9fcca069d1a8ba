import "server-only";
import bcrypt from "bcryptjs";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { findUserForSignIn } from "../db/users";
import { oidcProviderFromEnv, verifiedEmailOf } from "./oidc";

/** Eight hours: an operator signs in once per working day. */
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** Compared against when the e-mail is unknown, so a miss costs as long as a wrong password. */
const DUMMY_HASH = "$2b$12$Mvry2ZU7ST13Ak5lkVNGlOQWg/LYfY.wM7qG87lgWgOtpDF.XiTj6";

/** The operator a single sign-on profile belongs to: matched by its verified e-mail only. */
async function operatorForSingleSignOn(profile: unknown) {
  const email = verifiedEmailOf(profile);
  return email ? findUserForSignIn(email) : null;
}

async function authorizeWithPassword(credentials: Record<string, string> | undefined) {
  const email = credentials?.email ?? "";
  const password = credentials?.password ?? "";
  if (!email || !password) return null;
  const user = await findUserForSignIn(email);
  const passwordMatches = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !user.active || !passwordMatches) return null;
  return { id: user.id, email: user.email, name: user.name };
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
