/**
 * The start-up check (SPEC §5, §9): a wrong or missing key must stop the app with a message
 * naming the variable to fix — never let it serve garbage or lose secrets on the next save.
 * `loadKeyring` already refuses a missing or malformed key; this check catches a well-formed
 * key that is not the one the stored secrets were encrypted with.
 */
import { decryptSecret, SecretDecryptionError, type EncryptedSecret } from "./encryption";
import { ACTIVE_KEY_VARIABLE, EncryptionKeyError, PREVIOUS_KEYS_VARIABLE, type Keyring } from "./keyring";

/** A stored secret to check; `id` (a record id, never a value) makes the message actionable. */
export interface SecretSample extends EncryptedSecret {
  readonly id?: string;
  /** The associated data it was encrypted with (see binding.ts), if any. */
  readonly associatedData?: string;
}

/**
 * Decrypts every sample (pass all stored secrets: AES-GCM on header-sized values is cheap).
 * Throws an {@link EncryptionKeyError} naming `QUIVER_ENCRYPTION_KEY` and
 * `QUIVER_PREVIOUS_ENCRYPTION_KEYS` when some were encrypted with a key that is not configured
 * (the usual sign of a wrong key, as key ids derive from keys), and a
 * {@link SecretDecryptionError} listing the records whose stored value was modified.
 */
export function assertKeyringCanDecrypt(samples: readonly SecretSample[], keyring: Keyring): void {
  const unknownKeyIds = new Map<string, number>();
  const broken: { label: string; keyId: string }[] = [];
  samples.forEach((sample, index) => {
    if (!keyring.keys.has(sample.keyId)) {
      unknownKeyIds.set(sample.keyId, (unknownKeyIds.get(sample.keyId) ?? 0) + 1);
      return;
    }
    try {
      decryptSecret(sample, keyring, sample.associatedData);
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      broken.push({ label: sample.id ?? `#${index + 1}`, keyId: sample.keyId });
    }
  });

  if (unknownKeyIds.size > 0) {
    const found = [...unknownKeyIds].map(([keyId, count]) => `${keyId} (${count} ${count === 1 ? "secret" : "secrets"})`);
    throw new EncryptionKeyError(
      ACTIVE_KEY_VARIABLE,
      `Stored secrets were encrypted with key id ${found.join(", ")}, which is not configured; ` +
        `${ACTIVE_KEY_VARIABLE} has key id ${keyring.activeKeyId}. Set ${ACTIVE_KEY_VARIABLE} back to the key they were ` +
        `encrypted with, or keep the new one and add the old key to ${PREVIOUS_KEYS_VARIABLE}, then run the rotation command.`,
    );
  }
  const [first] = broken;
  if (first) {
    throw new SecretDecryptionError(
      "tampered",
      first.keyId,
      `${broken.length} stored ${broken.length === 1 ? "secret fails" : "secrets fail"} authentication ` +
        `(${broken.map((entry) => entry.label).join(", ")}): the stored values were modified or corrupted. ` +
        `Restore them from a backup; if they are lost, delete those records and enter the secrets again.`,
    );
  }
}
