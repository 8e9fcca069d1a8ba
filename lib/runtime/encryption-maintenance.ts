/**
 * The keyring against the stored secrets: the start-up check (a wrong or missing key stops the
 * app with a message naming the variable) and key rotation (re-encrypt every stored secret
 * under the active key while the old one is still configured, bound to its tool and header —
 * values stored before binding existed are bound even under the active key; safe to re-run).
 */
import { listEncryptedSecrets, rewrapToolSecret } from "../db/tool-secrets";
import type { Keyring } from "../secrets/keyring";
import { describeRotation, rotateSecrets } from "../secrets/rotation";
import { assertKeyringCanDecrypt } from "../secrets/startup-check";

/** Throws (naming QUIVER_ENCRYPTION_KEY) unless `keyring` decrypts every stored secret. */
export async function verifyStoredSecretsDecrypt(keyring: Keyring): Promise<void> {
  assertKeyringCanDecrypt(await listEncryptedSecrets(), keyring);
}

export interface StoredRotationReport {
  /** Re-encrypted and written. */
  readonly rewrapped: number;
  /** Changed by a save while rotating: the save's value (already under the active key) was kept. */
  readonly changedMeanwhile: number;
  readonly failed: number;
  /** A readable account for the command's output. */
  readonly summary: string;
}

/** Re-encrypts every stored secret that is not under the active key. */
export async function rotateStoredSecrets(keyring: Keyring): Promise<StoredRotationReport> {
  const result = rotateSecrets(await listEncryptedSecrets(), keyring);
  let rewrapped = 0;
  for (const record of result.rotated) {
    if (await rewrapToolSecret(record)) rewrapped += 1;
  }
  const changedMeanwhile = result.rotated.length - rewrapped;
  const note = changedMeanwhile > 0 ? `\n${changedMeanwhile} changed by a save meanwhile and kept as saved.` : "";
  return { rewrapped, changedMeanwhile, failed: result.failures.length, summary: describeRotation(result) + note };
}
