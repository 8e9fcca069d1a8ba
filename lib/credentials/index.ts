/**
 * Shared credentials (SPEC §5.1, issue 12): the framework-free core — reading a credential,
 * host binding, placement into a request, OAuth2 client-credentials tokens, and the binding of
 * stored secrets. See README.md for how the database, executor, editor and pages plug in.
 */
export { CREDENTIAL_KINDS, SECRET_PART } from "./types";
export type {
  BasicCredential,
  ClientAuthentication,
  Credential,
  CredentialKind,
  CredentialRef,
  HeaderCredential,
  OAuth2ClientCredentials,
  QueryCredential,
} from "./types";
export { parseCredentialInput, type CredentialInput } from "./parse-credential";
export { canonicalHost, hostAdmitted, parseHostPattern, type HostPatternResult } from "./hosts";
export { isLoopbackHost, tokenUrlProblem } from "./token-url";
export {
  assertDestinationAdmitted,
  CredentialRefusedError,
  isHeaderSafe,
  placeCredential,
  placementTarget,
  previewPlacement,
  type CredentialRefusal,
  type PlaceableRequest,
  type Placement,
} from "./placement";
export {
  credentialSecretAssociatedData,
  describeWidening,
  secretWidenings,
  storedSecretProblem,
  type SecretReach,
  type SecretWidening,
} from "./secret-binding";
export { toolCredentialIssues, type CredentialUser } from "./tool-binding";
export {
  dispatcherTokenTransport,
  type DispatcherTransportOptions,
  type TokenHttpRequest,
  type TokenHttpResponse,
  type TokenTransport,
} from "./token-transport";
export { requestAccessToken, tokenRequest, TokenRequestError, type TokenFailure, type TokenResponse } from "./oauth2-token";
export { TokenManager, type AccessToken, type OAuth2Binding, type RetriedCall, type TokenManagerOptions } from "./token-manager";
export { callWithCredential, type CredentialCall, type CredentialCallOptions, type CredentialUse } from "./credential-call";
export { credentialAuthorization, credentialPreview, missingCredentialMessage } from "./credential-step";
