/**
 * The optional single sign-on provider, enabled purely by configuration: set
 * QUIVER_OIDC_ISSUER, QUIVER_OIDC_CLIENT_ID and QUIVER_OIDC_CLIENT_SECRET (and optionally
 * QUIVER_OIDC_NAME for the button label). Only operators an admin has already added can sign in
 * this way, matched by an e-mail address the identity provider has verified (`email_verified`):
 * an unverified or self-chosen address proves nothing. Their role comes from Quiver, never from
 * the identity provider.
 */
import type { OAuthConfig } from "next-auth/providers/oauth";
import { ValidationError } from "../errors";

interface OidcProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

/** The e-mail of an identity-provider profile, only when the provider verified it. */
export function verifiedEmailOf(profile: unknown): string | null {
  if (typeof profile !== "object" || profile === null) return null;
  const { email, email_verified: verified } = profile as Partial<OidcProfile>;
  return verified === true && typeof email === "string" && email.trim() ? email.trim() : null;
}

const OIDC_VARIABLES = ["QUIVER_OIDC_ISSUER", "QUIVER_OIDC_CLIENT_ID", "QUIVER_OIDC_CLIENT_SECRET"] as const;

/** The OIDC provider described by `env`, or null when none is configured. Half a configuration is an error. */
export function oidcProviderFromEnv(env: Record<string, string | undefined>): OAuthConfig<OidcProfile> | null {
  const present = OIDC_VARIABLES.filter((name) => env[name]?.trim());
  if (present.length === 0) return null;
  if (present.length < OIDC_VARIABLES.length) {
    const missing = OIDC_VARIABLES.filter((name) => !present.includes(name));
    throw new ValidationError(
      missing.map((name) => ({ path: name, message: "is required when single sign-on is configured (set all three QUIVER_OIDC_* variables, or none)" })),
    );
  }
  const issuer = env.QUIVER_OIDC_ISSUER!.trim().replace(/\/+$/, "");
  return {
    id: "oidc",
    name: env.QUIVER_OIDC_NAME?.trim() || "Single sign-on",
    type: "oauth",
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    authorization: { params: { scope: "openid email profile" } },
    clientId: env.QUIVER_OIDC_CLIENT_ID!.trim(),
    clientSecret: env.QUIVER_OIDC_CLIENT_SECRET!.trim(),
    idToken: true,
    checks: ["pkce", "state"],
    profile(profile) {
      return { id: profile.sub, email: profile.email ?? null, name: profile.name ?? null };
    },
  };
}
