import "server-only";
/**
 * The audit entry of a key rotation (`npm run secrets:rotate`): by the system actor, against the
 * active key (target type `encryption_key`, named by its key id), with how many values of each
 * kind were re-encrypted, kept because a save changed them meanwhile, or could not be decrypted.
 * Key ids only: never a key, a ciphertext or a secret.
 */
import { recordAudit, SYSTEM_ACTOR } from "../../audit";
import { inTransaction } from "../../db/transactions";

/** What one kind of stored secret (tool secret headers, credential secrets…) went through. */
export interface RotationCounts {
  readonly reEncrypted: number;
  readonly changedMeanwhile: number;
  readonly failed: number;
}

export interface RotationRun {
  readonly activeKeyId: string;
  /** The other configured key ids (QUIVER_PREVIOUS_ENCRYPTION_KEYS), still accepted for decryption. */
  readonly previousKeyIds: readonly string[];
  /** Counts per kind of stored secret, e.g. `{ toolSecrets: {…} }`. */
  readonly kinds: Readonly<Record<string, RotationCounts>>;
}

/** Records a finished rotation run as `secrets.rotate`. */
export async function recordSecretsRotation(run: RotationRun): Promise<void> {
  const kinds = Object.fromEntries(Object.entries(run.kinds).map(([kind, counts]) => [kind, { ...counts }]));
  await inTransaction((tx) =>
    recordAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: "secrets.rotate",
      targetType: "encryption_key",
      targetId: run.activeKeyId,
      targetName: run.activeKeyId,
      before: { keyIds: [...run.previousKeyIds] },
      after: { activeKeyId: run.activeKeyId, ...kinds },
    }),
  );
}
