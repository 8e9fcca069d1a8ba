/**
 * A stored credential as the executor's credential step (lib/tools' `Authorize` and
 * `PreviewAuthorization`; SPEC §1.5 step 3, §5.1). lib/tools cannot import this folder (this
 * folder builds on it), so the runtime hands these to `dataTool` / `executeTool`. Every failure
 * before the request is sent becomes lib/tools' AuthorizationError, whose message names no secret;
 * a token request the destination guard refused keeps that refusal in its cause chain, which the
 * executor reports as `blocked_destination`.
 */
import { AuthorizationError, type Authorize, type PreviewAuthorization } from "../tools";
import { callWithCredential, type CredentialUse } from "./credential-call";
import { TokenRequestError } from "./oauth2-token";
import { CredentialRefusedError, previewPlacement } from "./placement";
import type { TokenManager } from "./token-manager";
import type { Credential } from "./types";
import { traced } from "../observability/tracing";

/** Why a call through credential `name` sent nothing: the credential does not exist. */
export function missingCredentialMessage(name: string): string {
  return `Credential "${name}" does not exist: create it on the Credentials page or choose another for this tool. Nothing was sent.`;
}

/**
 * The credential step of a tool whose `auth.credential` is `name`. `load` reads the stored
 * credential when the request is about to be sent, inside the call's deadline, so a call uses the
 * credential as it is then; null (no such credential) sends nothing. OAuth2 tokens come from
 * `tokens` (the process's one manager), refreshed and retried once on a 401.
 */
export function credentialAuthorization(name: string, load: () => Promise<CredentialUse | null>, tokens: TokenManager): Authorize {
  return async (request, send, isUnauthorized) => {
    const use = await traced(`credential ${name}`, { attributes: { "quiver.credential.name": name } }, load);
    if (use === null) throw new AuthorizationError(missingCredentialMessage(name));
    const checked: CredentialUse = { ...use, secret: () => readSecret(use) };
    try {
      return await callWithCredential(checked, request, send, { tokens, isUnauthorized });
    } catch (cause) {
      throw authorizationErrorOf(use.credential, cause);
    }
  };
}

/**
 * A dry run's view of `credential` (its public parts only): the request with a mask where the
 * credential goes. A destination the credential may not be sent to is an AuthorizationError.
 */
export function credentialPreview(credential: Credential): PreviewAuthorization {
  return (request) => {
    try {
      return previewPlacement(credential, request).request;
    } catch (cause) {
      throw authorizationErrorOf(credential, cause);
    }
  };
}

/** The secret, or an AuthorizationError: none was entered, or it cannot be decrypted with the configured keys. */
async function readSecret(use: CredentialUse): Promise<string> {
  try {
    return await use.secret();
  } catch (cause) {
    // The reader's own message may quote what it failed on; one actionable sentence covers both cases.
    const message = `Credential "${use.credential.name}" has no secret that can be used: enter it on the Credentials page. Nothing was sent.`;
    throw new AuthorizationError(message, { cause });
  }
}

/** The refusals and token failures of lib/credentials as AuthorizationErrors (their messages name no secret). */
function authorizationErrorOf(credential: Credential, cause: unknown): unknown {
  if (cause instanceof CredentialRefusedError) return new AuthorizationError(`${cause.message} Nothing was sent.`, { cause });
  if (cause instanceof TokenRequestError) {
    // No "nothing was sent": after a 401, the failed refresh follows a try that was sent.
    return new AuthorizationError(`Credential "${credential.name}" could not get an access token: ${cause.message}`, { cause });
  }
  return cause;
}
