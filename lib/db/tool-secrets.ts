/**
 * Encrypted secret header values, read for the few server-side paths that need more than a
 * mask: the executor (which decrypts, through lib/secrets), the save form's reconciliation
 * (which keeps an unchanged value as it is) and key rotation. Nothing here decrypts, and none
 * of it may reach a browser.
 */
import { getDb } from "./client";

/** An encrypted value as the executor needs it. */
export interface ToolSecretForExecution {
  readonly header: string;
  readonly keyId: string;
  readonly ciphertext: string;
}

/** An encrypted value with its mask: the shape lib/secrets' reconciliation keeps. */
export interface StoredToolSecret extends ToolSecretForExecution {
  readonly mask: string;
}

/** A stored value for key rotation, addressed by its row id. */
export interface EncryptedSecretRecord {
  readonly id: string;
  readonly keyId: string;
  readonly ciphertext: string;
}

/** The encrypted secret values of tool `name` (empty when it has none or does not exist). */
export async function getToolSecretsForExecution(name: string): Promise<ToolSecretForExecution[]> {
  return getDb().toolSecret.findMany({
    where: { tool: { name } },
    select: { header: true, keyId: true, ciphertext: true },
    orderBy: { header: "asc" },
  });
}

/** The stored secrets of tool `name` with their masks, for reconciling a save. */
export async function getStoredToolSecrets(name: string): Promise<StoredToolSecret[]> {
  return getDb().toolSecret.findMany({
    where: { tool: { name } },
    select: { header: true, keyId: true, ciphertext: true, mask: true },
    orderBy: { header: "asc" },
  });
}

/** Every stored secret value, for the start-up key check and key rotation. */
export async function listEncryptedSecrets(): Promise<EncryptedSecretRecord[]> {
  return getDb().toolSecret.findMany({ select: { id: true, keyId: true, ciphertext: true }, orderBy: { id: "asc" } });
}

/** A re-encrypted value from key rotation. */
export interface RewrappedSecret {
  readonly id: string;
  readonly keyId: string;
  readonly ciphertext: string;
  /** The value this replaces: the write happens only if it is still stored. */
  readonly previousCiphertext: string;
}

/**
 * Stores a rotated value unless the secret changed meanwhile (a save racing the rotation wins).
 * Returns whether it was written. The plaintext, and so the mask, is unchanged.
 */
export async function rewrapToolSecret(secret: RewrappedSecret): Promise<boolean> {
  const { count } = await getDb().toolSecret.updateMany({
    where: { id: secret.id, ciphertext: secret.previousCiphertext },
    data: { keyId: secret.keyId, ciphertext: secret.ciphertext },
  });
  return count === 1;
}
