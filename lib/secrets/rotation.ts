/**
 * Key rotation (SPEC §5). The procedure for operators:
 * 1. Put the current key in `QUIVER_PREVIOUS_ENCRYPTION_KEYS` and a new one (setup command, or
 *    `openssl rand -base64 32`) in `QUIVER_ENCRYPTION_KEY`; restart. Both keys now decrypt.
 * 2. Run the rotation command: it re-encrypts every value whose key id is not the active one.
 * 3. When it reports nothing left under old keys, remove them from the previous-keys list.
 *
 * This module is the pure part: the command reads every stored secret, calls
 * {@link rotateSecrets}, writes `rotated` back, and prints {@link describeRotation}. It is safe to
 * re-run: values already under the active key are left alone, so a second run (or a run after
 * an interrupted one) rotates only what is left. The command should write each value only if
 * its ciphertext is still `previousCiphertext`, so a save racing the rotation is not overwritten.
 *
 * Rotation also moves values to new associated data (binding.ts): a record whose `rebindTo`
 * differs from the associated data it was encrypted with is re-encrypted even when it is already
 * under the active key — this is how values stored before binding existed become bound.
 */
import { decryptSecret, encryptSecret, SecretDecryptionError, type EncryptedSecret } from "./encryption";
import { PREVIOUS_KEYS_VARIABLE, type Keyring } from "./keyring";

export type EncryptedRecord<Id> = EncryptedSecret & {
  readonly id: Id;
  /** The associated data it was encrypted with (absent: none). */
  readonly associatedData?: string;
  /** The associated data it should be bound to from now on (absent: keep `associatedData`). */
  readonly rebindTo?: string;
};

export interface RotatedRecord<Id> extends EncryptedSecret {
  readonly id: Id;
  readonly previousKeyId: string;
  /** True when the value moved to new associated data (`rebindTo`). */
  readonly rebound: boolean;
  /** The value this replaces, for a compare-and-set write. */
  readonly previousCiphertext: string;
}

export interface RotationFailure<Id> {
  readonly id: Id;
  readonly keyId: string;
  /** Why the record could not be decrypted; names key ids, never values. */
  readonly reason: string;
}

export interface RotationResult<Id> {
  readonly activeKeyId: string;
  readonly rotated: RotatedRecord<Id>[];
  readonly alreadyCurrent: number;
  readonly failures: RotationFailure<Id>[];
}

/**
 * Re-encrypts under the active key every record whose key id is not the active one or that is to
 * be rebound, with its new associated data. Records that cannot be decrypted (key not configured,
 * modified value) are reported in `failures` and left as they are. Does not write anything and
 * returns no plaintext.
 */
export function rotateSecrets<Id>(records: readonly EncryptedRecord<Id>[], keyring: Keyring): RotationResult<Id> {
  const rotated: RotatedRecord<Id>[] = [];
  const failures: RotationFailure<Id>[] = [];
  const rebinds = (record: EncryptedRecord<Id>) => record.rebindTo !== undefined && record.rebindTo !== record.associatedData;
  const stale = records.filter((record) => record.keyId !== keyring.activeKeyId || rebinds(record));
  for (const record of stale) {
    try {
      const plaintext = decryptSecret(record, keyring, record.associatedData);
      const reencrypted = encryptSecret(plaintext, keyring, record.rebindTo ?? record.associatedData);
      rotated.push({
        id: record.id,
        ...reencrypted,
        previousKeyId: record.keyId,
        rebound: rebinds(record),
        previousCiphertext: record.ciphertext,
      });
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      failures.push({ id: record.id, keyId: record.keyId, reason: error.message });
    }
  }
  return { activeKeyId: keyring.activeKeyId, rotated, alreadyCurrent: records.length - stale.length, failures };
}

/** A short report of a rotation for the command's output. */
export function describeRotation<Id>(result: RotationResult<Id>): string {
  const { activeKeyId, rotated, alreadyCurrent, failures } = result;
  const lines: string[] = [];
  if (rotated.length === 0 && failures.length === 0) {
    lines.push(`Nothing to rotate: every stored secret (${alreadyCurrent}) uses key id ${activeKeyId}.`);
  } else {
    const fromKeys = tally(rotated.map((record) => record.previousKeyId));
    const from = fromKeys.length > 0 ? ` (from ${fromKeys.join(", ")})` : "";
    lines.push(`Re-encrypted ${count(rotated.length, "secret")} under key id ${activeKeyId}${from}.`);
    const rebound = rotated.filter((record) => record.rebound).length;
    if (rebound > 0) lines.push(`${rebound} of them now bound to their tool and header as well.`);
    lines.push(`Already under it: ${alreadyCurrent}.`);
  }
  if (failures.length > 0) {
    lines.push(`${count(failures.length, "secret")} could not be re-encrypted (left unchanged):`);
    for (const failure of failures) lines.push(`  ${String(failure.id)}: ${failure.reason}`);
  } else if (rotated.length > 0) {
    lines.push(`Once these are saved, old keys can be removed from ${PREVIOUS_KEYS_VARIABLE}.`);
  }
  return lines.join("\n");
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function tally(keyIds: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const keyId of keyIds) counts.set(keyId, (counts.get(keyId) ?? 0) + 1);
  return [...counts].map(([keyId, n]) => `${keyId}: ${n}`);
}
