/**
 * One upstream call carrying a credential: the step the executor runs between rendering a
 * request and sending it (SPEC §1.5 steps 3–4), the same way for every kind. The destination is
 * checked before any secret is decrypted or any token fetched; an OAuth2 call is refreshed and
 * retried once on a 401. The result reports every plaintext the call carried (for the redactor)
 * and the header names that must be dropped when a redirect leaves the origin.
 */
import { assertDestinationAdmitted, placeCredential, type PlaceableRequest } from "./placement";
import type { TokenManager } from "./token-manager";
import type { Credential, CredentialRef } from "./types";

/** A stored credential as the executor gets it from the data layer. */
export interface CredentialUse {
  readonly ref: CredentialRef;
  readonly credential: Credential;
  /** Decrypts the secret part (value, password or client secret); called only when needed. */
  readonly secret: () => Promise<string>;
}

export interface CredentialCallOptions<T> {
  readonly tokens: TokenManager;
  /** True when the upstream refused the credential (a 401): OAuth2 then refreshes and retries once. */
  readonly isUnauthorized: (result: T) => boolean;
}

export interface CredentialCall<T> {
  readonly result: T;
  /** Every plaintext the call's requests carried, for the redactor. */
  readonly plaintexts: readonly string[];
  /** Lower-cased header names carrying the credential, for send-request's cross-origin drop. */
  readonly secretHeaderNames: readonly string[];
}

/**
 * Sends `request` through `send` with `use`'s credential placed. Throws CredentialRefusedError
 * (nothing decrypted, nothing sent) when the destination is not admitted, TokenRequestError when
 * no access token can be had; `send` is expected to return every other ending as a value.
 */
export async function callWithCredential<R extends PlaceableRequest, T>(
  use: CredentialUse,
  request: R,
  send: (request: R, secretHeaderNames: readonly string[]) => Promise<T>,
  options: CredentialCallOptions<T>,
): Promise<CredentialCall<T>> {
  assertDestinationAdmitted(use.credential, request.url);
  const { credential } = use;
  if (credential.kind !== "oauth2_client_credentials") {
    const placement = placeCredential(credential, await use.secret(), request);
    const result = await send(placement.request, placement.secretHeaderNames);
    return { result, plaintexts: placement.plaintexts, secretHeaderNames: placement.secretHeaderNames };
  }
  const binding = { ref: use.ref, credential, clientSecret: use.secret };
  let secretHeaderNames: readonly string[] = [];
  const { result, tokens } = await options.tokens.withTokenRetry(
    binding,
    (token) => {
      const placement = placeCredential(credential, token, request);
      secretHeaderNames = placement.secretHeaderNames;
      return send(placement.request, placement.secretHeaderNames);
    },
    options.isUnauthorized,
  );
  return { result, plaintexts: tokens, secretHeaderNames };
}
