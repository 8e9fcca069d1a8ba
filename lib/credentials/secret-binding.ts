/**
 * What a credential's stored secret is bound to, so an editor cannot redirect a colleague's key
 * (as issue 8 did for tool secrets with their origin):
 * - at rest, by AES-GCM associated data naming the credential and its secret part, so a
 *   ciphertext copied to another credential fails to decrypt instead of being sent;
 * - on save, by where the secret can go: a save that lets it reach anywhere it could not reach
 *   before (a host not admitted before, another kind, an OAuth2 token URL on another origin)
 *   keeps no stored value — the operator must enter the secret again.
 * Narrowing the hosts, reordering them, renaming, or changing the description, header or parameter
 * name keeps the secret. The save (lib/credentials/server/credential-saves.ts) and the editor's warning before it
 * (components/credentials) both judge with {@link secretWidenings}: browser-safe, no I/O.
 */
import { hostAdmitted } from "./hosts";
import { SECRET_PART, type Credential, type CredentialKind } from "./types";

/** Where a credential's secret may go: how it is placed (its kind), the host patterns (normalised), an OAuth2 token URL. */
export interface SecretReach {
  readonly kind: CredentialKind;
  readonly hosts: readonly string[];
  readonly tokenUrl?: string;
}

/** One way a save lets the stored secret reach further than before. */
export type SecretWidening =
  | { readonly kind: "kind"; readonly from: CredentialKind; readonly to: CredentialKind }
  /** `host` admits something no pattern before did; `replaces` are the removed patterns it covers (`api.example.com` → `*.example.com`). */
  | { readonly kind: "host"; readonly host: string; readonly replaces: readonly string[] }
  | { readonly kind: "token_url"; readonly from: string; readonly to: string };

const WILDCARD_PREFIX = "*.";

/** The associated data of credential `credentialId`'s secret part (its id survives a rename). */
export function credentialSecretAssociatedData(credentialId: string, credential: Pick<Credential, "kind">): string {
  return `credential-secret:${JSON.stringify([credentialId, SECRET_PART[credential.kind]])}`;
}

/** True when every host `pattern` admits is admitted by `patterns` (a wildcard only by a wildcard over it). */
function covered(patterns: readonly string[], pattern: string): boolean {
  if (!pattern.startsWith(WILDCARD_PREFIX)) return hostAdmitted(patterns, pattern);
  const suffix = pattern.slice(WILDCARD_PREFIX.length);
  return patterns.some((before) => before.startsWith(WILDCARD_PREFIX) && (suffix === before.slice(WILDCARD_PREFIX.length) || suffix.endsWith(`.${before.slice(WILDCARD_PREFIX.length)}`)));
}

/**
 * Every way `after` lets the secret stored for `before` go somewhere it could not go before, in
 * the order kind, hosts (as listed in `after`), token URL; empty when the secret may be kept.
 */
export function secretWidenings(before: SecretReach, after: SecretReach): SecretWidening[] {
  const widenings: SecretWidening[] = [];
  if (before.kind !== after.kind) widenings.push({ kind: "kind", from: before.kind, to: after.kind });
  for (const host of after.hosts) {
    if (covered(before.hosts, host)) continue;
    const replaces = before.hosts.filter((old) => !after.hosts.includes(old) && covered([host], old));
    widenings.push({ kind: "host", host, replaces });
  }
  if (before.kind === "oauth2_client_credentials" && after.kind === "oauth2_client_credentials" && before.tokenUrl && after.tokenUrl) {
    const from = new URL(before.tokenUrl).origin;
    const to = new URL(after.tokenUrl).origin;
    if (from !== to) widenings.push({ kind: "token_url", from, to });
  }
  return widenings;
}

/** One widening in the operator's words: `api.example.com → *.example.com adds every subdomain of example.com`. */
export function describeWidening(widening: SecretWidening): string {
  switch (widening.kind) {
    case "kind":
      return `kind changed: ${widening.from} → ${widening.to}`;
    case "token_url":
      return `token URL moved to another origin: ${widening.from} → ${widening.to}`;
    case "host": {
      if (!widening.host.startsWith(WILDCARD_PREFIX)) return `new host ${widening.host}`;
      const adds = `adds every subdomain of ${widening.host.slice(WILDCARD_PREFIX.length)}`;
      return widening.replaces.length > 0 ? `${widening.replaces.join(", ")} → ${widening.host} ${adds}` : `new wildcard ${widening.host} ${adds}`;
    }
  }
}

/**
 * Why the secret stored for `before` may not be kept for `after`, or null when it may. The save
 * then needs a new value (reconciliation treats the stored one as absent).
 */
export function storedSecretProblem(before: SecretReach, after: SecretReach): string | null {
  const widenings = secretWidenings(before, after);
  if (widenings.length === 0) return null;
  return `The stored secret cannot follow this change (${widenings.map(describeWidening).join("; ")}): enter it again.`;
}
