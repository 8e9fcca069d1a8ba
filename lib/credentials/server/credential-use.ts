/**
 * Stored credentials as the executor and dry runs use them (SPEC §5.1, lib/credentials README
 * step 4): the credential a tool's `auth.credential` names, its secret decrypted only when a call
 * needs it, one process-wide OAuth2 token cache whose token requests pass the destination guard,
 * and "last used" recorded at most once a minute per credential (no database write per call).
 */
import "server-only";
import {
  dispatcherTokenTransport,
  TokenManager,
  type Credential,
  type CredentialUse,
  type TokenTransport,
} from "..";
import { getCredentialForUse } from "./credential-secrets";
import { getCredentialPublic, touchCredentialLastUsed } from "./credential-queries";
import { decryptSecret } from "../../secrets";
import { guardedAgent } from "../../tools";
import { getExecutionConfig } from "../../setup";
import { getKeyring } from "../../secrets/server";

/** How often, at most, a credential's "last used" is written (per process; the database also skips recent ones). */
const LAST_USED_WINDOW_MS = 60_000;

/** The message of a call through a credential whose secret was never entered. */
export function noSecretMessage(name: string): string {
  return `Credential ${name} has no secret yet: enter it on the Credentials page.`;
}

/**
 * The credential named `name` as a call uses it, or null when there is none. `secret()` decrypts
 * the secret stored when this was read (so a call uses one consistent version) and throws a clear
 * Error when no secret has been entered yet.
 */
export async function credentialUseFor(name: string): Promise<CredentialUse | null> {
  const stored = await getCredentialForUse(name);
  if (!stored) return null;
  const { secret } = stored;
  return {
    ref: { id: stored.id, version: stored.version },
    credential: stored.credential,
    secret: async () => {
      if (secret === null) throw new Error(noSecretMessage(stored.credential.name));
      return decryptSecret(secret, getKeyring(), secret.associatedData);
    },
  };
}

/** The public parts of the credential named `name` (for a dry run's masked placement), or null. */
export async function credentialPreviewFor(name: string): Promise<Credential | null> {
  return (await getCredentialPublic(name))?.credential ?? null;
}

let transport: TokenTransport | null = null;
let tokens: TokenManager | null = null;

/** The token endpoint transport: undici through the destination guard, with the configured allowlist. */
export function credentialTokenTransport(): TokenTransport {
  transport ??= dispatcherTokenTransport(guardedAgent(getExecutionConfig().allowlist));
  return transport;
}

/** The process's one OAuth2 token cache (memory only), fetching through {@link credentialTokenTransport}. */
export function credentialTokens(): TokenManager {
  tokens ??= new TokenManager({ transport: credentialTokenTransport() });
  return tokens;
}

const lastNoted = new Map<string, number>();

/**
 * Notes that credential `id` was just used by a call. Writes "last used" at most once per
 * {@link LAST_USED_WINDOW_MS} per credential in this process; never throws (a failed write is
 * logged: it must not fail the call that used the credential).
 */
export async function noteCredentialUsed(id: string, now: number = Date.now()): Promise<void> {
  const previous = lastNoted.get(id);
  if (previous !== undefined && now - previous < LAST_USED_WINDOW_MS) return;
  lastNoted.set(id, now);
  try {
    await touchCredentialLastUsed(id, new Date(now), LAST_USED_WINDOW_MS);
  } catch (error) {
    lastNoted.delete(id);
    console.error(`Could not record the use of credential ${id}:`, error instanceof Error ? error.message : error);
  }
}
