import "server-only";
/**
 * The optional single sign-on provider, enabled purely by configuration: set
 * QUIVER_OIDC_ISSUER, QUIVER_OIDC_CLIENT_ID and QUIVER_OIDC_CLIENT_SECRET (and optionally
 * QUIVER_OIDC_NAME for the button label). Only operators an admin has already added can sign in
 * this way: the first time by an e-mail address the identity provider has verified
 * (`email_verified`: an unverified or self-chosen address proves nothing), which links the
 * operator to the provider's (issuer, subject); afterwards by that pair alone (lib/operators/sign-in/oidc-links.ts).
 * Their role comes from Quiver, never from the identity provider, and an identity that matches no
 * active operator is refused — it never becomes an operator id of its own.
 */
import type { OAuthConfig } from "next-auth/providers/oauth";
import { signInWithOidcIdentity, SINGLE_SIGN_ON_REFUSALS, type OidcIdentity } from "./oidc-links";
import { recordFailedSignIn, recordSignInEvent } from "./sign-in-events";
import { countSignInFailure } from "../../observability/metrics";
import { ValidationError } from "../../errors";

interface OidcProfile {
  iss?: string;
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

/**
 * The identity in a provider's ID-token claims (next-auth's `profile`; openid-client has checked
 * `iss` against the discovered issuer), or null when the issuer or the subject is missing.
 */
export function oidcIdentityOf(profile: unknown): OidcIdentity | null {
  if (typeof profile !== "object" || profile === null) return null;
  const { iss, sub } = profile as Partial<OidcProfile>;
  if (typeof iss !== "string" || !iss.trim() || typeof sub !== "string" || !sub) return null;
  return { issuer: iss.trim(), subject: sub, verifiedEmail: verifiedEmailOf(profile) };
}

/** The user object next-auth hands the signIn callback and then, the same object, the jwt callback. */
export interface SignInUser {
  id: string;
  email?: string | null;
  name?: string | null;
}

const SINGLE_SIGN_ON = "single sign-on";

/**
 * The signIn callback for the single sign-on provider. Admits the identity's operator (audited as
 * `auth.sign_in`) and turns `user` into that operator, so the session's id, e-mail and name are
 * Quiver's; otherwise records `auth.sign_in_failed` with the reason and refuses.
 */
export async function admitSingleSignOn(user: SignInUser, profile: unknown): Promise<boolean> {
  const identity = oidcIdentityOf(profile);
  const outcome = identity ? await signInWithOidcIdentity(identity) : null;
  if (!outcome?.ok) {
    countSignInFailure("sso", "refused");
    await recordFailedSignIn(identity?.verifiedEmail ?? identity?.subject ?? "(no subject)", {
      method: SINGLE_SIGN_ON,
      reason: outcome ? SINGLE_SIGN_ON_REFUSALS[outcome.reason] : "the identity provider sent no issuer or subject",
      ...(identity ? { issuer: identity.issuer, subject: identity.subject } : {}),
    });
    return false;
  }
  const { operator } = outcome;
  Object.assign(user, { id: operator.id, email: operator.email, name: operator.name });
  await recordSignInEvent("auth.sign_in", operator, { method: SINGLE_SIGN_ON });
  return true;
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
