/**
 * Shared credentials (SPEC §5.1): a secret held once and placed into the requests of many tools,
 * only towards the hosts it lists. A credential is its public configuration (safe to show and to
 * export, apart from `hosts` nothing in it is sensitive) plus ONE secret part, kept apart so it
 * can follow every rule of §5 (encryption, masks, reconciliation, rotation, redaction).
 */

export const CREDENTIAL_KINDS = ["header", "query", "basic", "oauth2_client_credentials"] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/**
 * The name of each kind's secret part, as the form and the stored secrets call it. One part per
 * kind, so reconciliation (lib/secrets/reconcile.ts) runs with `secretSlots: [part]`.
 */
export const SECRET_PART: Readonly<Record<CredentialKind, string>> = {
  header: "value",
  query: "value",
  basic: "password",
  oauth2_client_credentials: "client_secret",
};

interface CredentialBase {
  /** By the tool-name rule: what `"auth": {"credential": NAME}` refers to. */
  readonly name: string;
  readonly description: string;
  /** Normalised host patterns (see hosts.ts): exact names or `*.example.com`; at least one. */
  readonly hosts: readonly string[];
}

/** Sends its value in one header (API keys, `Authorization: Bearer …`). */
export interface HeaderCredential extends CredentialBase {
  readonly kind: "header";
  readonly headerName: string;
}

/** Sends its value in one query parameter (`?api_key=…`). */
export interface QueryCredential extends CredentialBase {
  readonly kind: "query";
  readonly parameterName: string;
}

/** Sends `Authorization: Basic base64(user:password)` (RFC 7617). */
export interface BasicCredential extends CredentialBase {
  readonly kind: "basic";
  readonly username: string;
}

/** How the client authenticates at the token endpoint (RFC 6749 §2.3.1): HTTP Basic (the default) or form fields. */
export type ClientAuthentication = "basic" | "body";

/** Fetches an access token (RFC 6749 §4.4) and sends `Authorization: Bearer TOKEN`. */
export interface OAuth2ClientCredentials extends CredentialBase {
  readonly kind: "oauth2_client_credentials";
  /** Absolute https URL (http only on a loopback host), no user info, no fragment. */
  readonly tokenUrl: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Sent as `audience` when set (Auth0 and others require it). */
  readonly audience: string | null;
  readonly clientAuthentication: ClientAuthentication;
}

export type Credential = HeaderCredential | QueryCredential | BasicCredential | OAuth2ClientCredentials;

/**
 * Which stored credential a token belongs to. `version` changes whenever the credential is saved
 * (any field, the secret included), so a token fetched for an older version is never used again.
 */
export interface CredentialRef {
  readonly id: string;
  readonly version: string | number;
}
