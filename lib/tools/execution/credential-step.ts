/**
 * The credential step of a call (SPEC §1.5 step 3, §5.1) as the executor sees it. A tool declaring
 * `auth` names a shared credential; placing it, fetching an OAuth2 token and renewing it after a
 * 401 belong to lib/credentials, which builds on this library — so the caller injects the step
 * and the executor runs it: inside the call's deadline, with a send that carries the credential's
 * header names (dropped when a redirect leaves the origin) and a redactor that covers every
 * plaintext the step reports, tokens included (they are known only once the call is made).
 */
import type { WireRequest } from "./send-request";

/** Sends one try of the call with the credential in place; `secretHeaderNames` (lower-case) carry it. */
export type AuthorizedSend<T> = (request: WireRequest, secretHeaderNames: readonly string[]) => Promise<T>;

/** What the step did: the last try's result, every plaintext its tries carried, and the headers carrying it. */
export interface AuthorizedCall<T> {
  readonly result: T;
  readonly plaintexts: readonly string[];
  readonly secretHeaderNames: readonly string[];
}

/**
 * Places the tool's credential into `request` and sends it through `send`: once, or — when
 * `isUnauthorized` says the upstream refused it and the credential can be renewed (an OAuth2
 * token) — once more, never more. Throws an {@link AuthorizationError} (or an error whose cause
 * is the destination guard's refusal) when nothing may or can be sent with the credential.
 */
export type Authorize = <T>(request: WireRequest, send: AuthorizedSend<T>, isUnauthorized: (result: T) => boolean) => Promise<AuthorizedCall<T>>;

/**
 * For a dry run: `request` with a mask where the credential goes (`Authorization: ••••`,
 * `?api_key=••••`). Decrypts nothing and fetches no token; throws an {@link AuthorizationError}
 * when the credential may not be sent where the request goes.
 */
export type PreviewAuthorization = <R extends WireRequest>(request: R) => R;

/** The credential step refused or failed before sending. Its message is for the operator and names no secret. */
export class AuthorizationError extends Error {
  readonly code = "authorization_failed" as const;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AuthorizationError";
  }
}
