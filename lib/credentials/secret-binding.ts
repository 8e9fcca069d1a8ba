/**
 * What a credential's stored secret is bound to, so an editor cannot redirect a colleague's key
 * (as issue 8 did for tool secrets with their origin):
 * - at rest, by AES-GCM associated data naming the credential and its secret part, so a
 *   ciphertext copied to another credential fails to decrypt instead of being sent;
 * - on save, by where the secret can go: a save that lets it reach anywhere it could not reach
 *   before (a host not admitted before, another kind, an OAuth2 token URL on another origin)
 *   keeps no stored value — the operator must enter the secret again.
 * Narrowing the hosts, renaming, or changing the header or parameter name keeps the secret.
 */
import { hostAdmitted } from "./hosts";
import { SECRET_PART, type Credential } from "./types";

/** The associated data of credential `credentialId`'s secret part (its id survives a rename). */
export function credentialSecretAssociatedData(credentialId: string, credential: Pick<Credential, "kind">): string {
  return `credential-secret:${JSON.stringify([credentialId, SECRET_PART[credential.kind]])}`;
}

/** True when every host `pattern` admits is admitted by `patterns` (a wildcard only by a wildcard over it). */
function covered(patterns: readonly string[], pattern: string): boolean {
  if (!pattern.startsWith("*.")) return hostAdmitted(patterns, pattern);
  const suffix = pattern.slice(2);
  return patterns.some((before) => before.startsWith("*.") && (suffix === before.slice(2) || suffix.endsWith(`.${before.slice(2)}`)));
}

/**
 * Why the secret stored for `before` may not be kept for `after`, or null when it may. The save
 * then needs a new value (reconciliation treats the stored one as absent).
 */
export function storedSecretProblem(before: Credential, after: Credential): string | null {
  if (before.kind !== after.kind) return `The kind changed from ${before.kind} to ${after.kind}: enter the secret again.`;
  const widened = after.hosts.filter((pattern) => !covered(before.hosts, pattern));
  if (widened.length > 0) return `The credential now admits ${widened.join(", ")}: enter the secret again to send it there.`;
  if (before.kind === "oauth2_client_credentials" && after.kind === "oauth2_client_credentials") {
    if (new URL(before.tokenUrl).origin !== new URL(after.tokenUrl).origin) {
      return "The token URL moved to another origin: enter the client secret again to send it there.";
    }
  }
  return null;
}
