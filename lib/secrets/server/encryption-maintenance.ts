import "server-only";
/**
 * The keyring against the stored secrets — tool secret headers and shared credentials' secret
 * parts: the start-up check (a wrong or missing key stops the app with a message naming the
 * variable) and key rotation (re-encrypt every stored secret under the active key while the old
 * one is still configured, bound to its tool and header or to its credential — values stored
 * before binding existed are bound even under the active key; safe to re-run).
 */
import { listEncryptedCredentialSecrets, rewrapCredentialSecret } from "../../credentials/server";
import { listEncryptedSecrets, rewrapToolSecret, type EncryptedSecretRecord, type RewrappedSecret } from "../../catalog";
import type { Keyring } from "../keyring";
import { describeRotation, rotateSecrets } from "../rotation";
import { assertKeyringCanDecrypt } from "../startup-check";

/** Throws (naming QUIVER_ENCRYPTION_KEY) unless `keyring` decrypts every stored secret. */
export async function verifyStoredSecretsDecrypt(keyring: Keyring): Promise<void> {
  const [toolSecrets, credentialSecrets] = await Promise.all([listEncryptedSecrets(), listEncryptedCredentialSecrets()]);
  assertKeyringCanDecrypt([...toolSecrets, ...credentialSecrets.map((record) => ({ ...record, id: `credential ${record.id}` }))], keyring);
}

/** What rotation did to one kind of stored secret. */
export interface RotationCounts {
  /** Re-encrypted and written. */
  readonly rewrapped: number;
  /** Changed by a save while rotating: the save's value (already under the active key) was kept. */
  readonly changedMeanwhile: number;
  readonly failed: number;
  /** Under the active key and bound already: left as they were. */
  readonly alreadyCurrent: number;
}

export interface StoredRotationReport extends Omit<RotationCounts, "alreadyCurrent"> {
  /** The counts per kind of stored secret (the totals above are their sums). */
  readonly byKind: { readonly toolSecrets: RotationCounts; readonly credentialSecrets: RotationCounts };
  /** A readable account for the command's output. */
  readonly summary: string;
}

/** Re-encrypts every stored secret (tool secrets, then credential secrets) that is not under the active key or not bound. */
export async function rotateStoredSecrets(keyring: Keyring): Promise<StoredRotationReport> {
  const tools = await rotateKind(await listEncryptedSecrets(), rewrapToolSecret, keyring);
  const credentials = await rotateKind(await listEncryptedCredentialSecrets(), rewrapCredentialSecret, keyring);
  return {
    rewrapped: tools.counts.rewrapped + credentials.counts.rewrapped,
    changedMeanwhile: tools.counts.changedMeanwhile + credentials.counts.changedMeanwhile,
    failed: tools.counts.failed + credentials.counts.failed,
    byKind: { toolSecrets: tools.counts, credentialSecrets: credentials.counts },
    summary: `Tool secrets: ${tools.summary}\nCredential secrets: ${credentials.summary}`,
  };
}

async function rotateKind(
  records: readonly EncryptedSecretRecord[],
  rewrap: (secret: RewrappedSecret) => Promise<boolean>,
  keyring: Keyring,
): Promise<{ counts: RotationCounts; summary: string }> {
  const result = rotateSecrets(records, keyring);
  let rewrapped = 0;
  for (const record of result.rotated) {
    if (await rewrap(record)) rewrapped += 1;
  }
  const changedMeanwhile = result.rotated.length - rewrapped;
  const note = changedMeanwhile > 0 ? `\n${changedMeanwhile} changed by a save meanwhile and kept as saved.` : "";
  return {
    counts: { rewrapped, changedMeanwhile, failed: result.failures.length, alreadyCurrent: result.alreadyCurrent },
    summary: describeRotation(result) + note,
  };
}
