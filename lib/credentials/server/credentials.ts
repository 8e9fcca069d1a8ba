/**
 * Shared credentials for the Credentials page and its actions (SPEC §5.1): plain DTOs with the
 * public parts and the secret's mask — never a plaintext, a ciphertext or an access token. Saves
 * and deletes go through lib/db (one transaction, audited); afterwards the process's cached OAuth2
 * tokens of that credential are forgotten (a new version would not use them anyway).
 */
import "server-only";
import type { Actor } from "../../audit";
import { requestAccessToken, TokenRequestError, placementTarget, type CredentialKind } from "..";
import { deleteCredentialRecord, saveCredentialRecord } from "./credential-saves";
import { getCredentialForUse } from "./credential-secrets";
import { getCredentialRecord, listCredentialOutlines as listCredentialOutlineRecords, listCredentialRecords, type CredentialOutline, type CredentialRecord } from "./credential-queries";
import { NotFoundError } from "../../errors";
import { decryptSecret, MASK_PREFIX } from "../../secrets";
import { credentialTokens, credentialTokenTransport, noSecretMessage } from "./credential-use";
import { getKeyring } from "../../secrets/server";

export type { CredentialConfig } from "./credential-queries";

/**
 * One credential as the list and the tool editor's picker show it: public parts, the secret's
 * mask (null while none was entered), the tools using it, and `version` to pass back as
 * `basedOnVersion` when saving or deleting.
 */
export type CredentialSummary = CredentialRecord;

/** One credential as its editor shows it. */
export interface CredentialDetail extends CredentialSummary {
  /**
   * The form's initial values, snake_case (what {@link saveCredential} takes back): the public
   * fields, and the secret part as its mask ("" when unset), which keeps the stored value when
   * submitted unchanged.
   */
  readonly form: Readonly<Record<string, string | readonly string[] | null>>;
}

/** What a save did, beyond the credential as saved. */
export interface SavedCredentialSummary extends CredentialSummary {
  /** True when nothing changed (no new version, no audit entry). */
  readonly unchanged: boolean;
  /** Why the stored secret was dropped (the save widened where it may go): ask the operator for it again. Else null. */
  readonly droppedSecret: string | null;
}

export interface SaveCredentialOptions {
  /** The name before this save; absent creates a credential. */
  readonly existingName?: string;
  /** The `version` the edit started from (required with `existingName`). */
  readonly basedOnVersion?: number;
  /** Removes the stored secret. */
  readonly clearSecret?: boolean;
}

/** The outcome of the "Test" action; never carries a secret or a token. */
export type CredentialTestResult =
  | { readonly ok: true; readonly kind: "oauth2_client_credentials"; readonly expiresAt: Date | null; readonly scopes: readonly string[] | null }
  | { readonly ok: true; readonly kind: Exclude<CredentialKind, "oauth2_client_credentials">; readonly placement: string }
  | { readonly ok: false; readonly kind: CredentialKind; readonly message: string };

/** Every credential, by name. */
export async function listCredentials(): Promise<CredentialSummary[]> {
  return listCredentialRecords();
}

/** Every credential's public parts (name, kind, hosts, placement fields), by name: what a picker offers. */
export async function listCredentialOutlines(): Promise<CredentialOutline[]> {
  return listCredentialOutlineRecords();
}

/** The credential named `name`, or null. */
export async function getCredential(name: string): Promise<CredentialDetail | null> {
  const record = await getCredentialRecord(name);
  if (!record) return null;
  const form = { name: record.name, description: record.description, kind: record.kind, hosts: record.hosts, ...record.config, [record.secretPart]: record.mask ?? "" };
  return { ...record, form };
}

/**
 * Creates (no `existingName`) or updates a credential from the form's snake_case `input`.
 *
 * @throws ValidationError listing every problem with its path (`hosts.1`, `token_url`, `value`, `name` when taken).
 * @throws ConflictError when `basedOnVersion` is stale, or when renaming a credential tools use (listing them).
 * @throws NotFoundError when `existingName` no longer exists.
 */
export async function saveCredential(input: unknown, options: SaveCredentialOptions, actor: Actor): Promise<SavedCredentialSummary> {
  const saved = await saveCredentialRecord({ ...options, input, keyring: getKeyring(), actor });
  if (!saved.unchanged) credentialTokens().forget(saved.record.id);
  return { ...saved.record, unchanged: saved.unchanged, droppedSecret: saved.droppedSecret };
}

/**
 * Deletes the credential named `name` (at `basedOnVersion`, when given).
 *
 * @throws ConflictError listing the tools that use it (nothing deleted), or when the version is stale.
 * @throws NotFoundError when there is no such credential.
 */
export async function deleteCredential(name: string, actor: Actor, basedOnVersion?: number): Promise<void> {
  const record = await getCredentialRecord(name);
  await deleteCredentialRecord(name, actor, basedOnVersion);
  if (record) credentialTokens().forget(record.id);
}

/**
 * Tries the credential named `name`: for OAuth2, fetches a fresh access token through the
 * destination guard and reports its expiry and scopes (never the token); for the other kinds,
 * reports where the value goes, masked (`X-Api-Key: ••••`). A missing secret or a refused token
 * request is an `ok: false` result with a message an operator can act on.
 *
 * @throws NotFoundError when there is no such credential.
 */
export async function testCredential(name: string): Promise<CredentialTestResult> {
  const stored = await getCredentialForUse(name);
  if (!stored) throw new NotFoundError(`Credential "${name}" does not exist: someone may have deleted it.`);
  const { credential, secret } = stored;
  if (secret === null) return { ok: false, kind: credential.kind, message: noSecretMessage(name) };
  if (credential.kind !== "oauth2_client_credentials") {
    const target = placementTarget(credential);
    return { ok: true, kind: credential.kind, placement: target.location === "query" ? `?${target.name}=${MASK_PREFIX}` : `${target.name}: ${MASK_PREFIX}` };
  }
  try {
    const clientSecret = decryptSecret(secret, getKeyring(), secret.associatedData);
    const token = await requestAccessToken(credential, clientSecret, credentialTokenTransport());
    const expiresAt = token.expiresIn === null ? null : new Date(Date.now() + token.expiresIn * 1000);
    return { ok: true, kind: credential.kind, expiresAt, scopes: token.scopes };
  } catch (error) {
    if (!(error instanceof TokenRequestError)) throw error;
    return { ok: false, kind: credential.kind, message: error.message };
  }
}
