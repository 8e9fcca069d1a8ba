import "server-only";
/**
 * Encrypted credential secrets, read for the few server-side paths that need more than a mask:
 * the executor (lib/credentials/server/credential-use.ts decrypts, through lib/secrets), the start-up key
 * check and key rotation. Nothing here decrypts, and none of it may reach a browser.
 *
 * Each value is bound to its credential id and secret part as AES-GCM associated data
 * (lib/credentials/secret-binding.ts; `aadVersion` 1): the records carry the associated data to
 * pass to decryptSecret, so no caller has to know the binding rules.
 */
import { credentialSecretAssociatedData, type Credential, type CredentialKind } from "..";
import { getDb } from "../../db/client";
import { credentialOf } from "./credential-queries";
import type { EncryptedSecretRecord, RewrappedSecret } from "../../catalog";

/** The only binding credential secrets have been written with: to the credential id and secret part. */
export const CREDENTIAL_BINDING_VERSION = 1;

/** A stored credential as a call needs it: public parts, version, and the encrypted secret if any. */
export interface CredentialForUse {
  readonly id: string;
  readonly version: number;
  readonly credential: Credential;
  /** Null while no secret has been entered. */
  readonly secret: { readonly keyId: string; readonly ciphertext: string; readonly associatedData: string } | null;
}

/** The credential named `name` with its encrypted secret, or null when there is none. */
export async function getCredentialForUse(name: string): Promise<CredentialForUse | null> {
  const row = await getDb().credential.findUnique({ where: { name } });
  if (!row) return null;
  const credential = credentialOf(row);
  const secret =
    row.keyId !== null && row.ciphertext !== null
      ? { keyId: row.keyId, ciphertext: row.ciphertext, associatedData: associatedDataOf(row.aadVersion, row.id, credential.kind) }
      : null;
  return { id: row.id, version: row.version, credential, secret };
}

/** Every stored credential secret, for the start-up key check and key rotation (ids are credential ids). */
export async function listEncryptedCredentialSecrets(): Promise<EncryptedSecretRecord[]> {
  const rows = await getDb().credential.findMany({
    where: { keyId: { not: null }, ciphertext: { not: null } },
    select: { id: true, kind: true, keyId: true, ciphertext: true, aadVersion: true },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => {
    const kind = row.kind as CredentialKind;
    return {
      id: row.id,
      keyId: row.keyId!,
      ciphertext: row.ciphertext!,
      associatedData: associatedDataOf(row.aadVersion, row.id, kind),
      rebindTo: credentialSecretAssociatedData(row.id, { kind }),
    };
  });
}

/**
 * Stores a rotated credential secret unless it changed meanwhile (a save racing the rotation
 * wins). Returns whether it was written. The plaintext, the mask and the version stay as they are:
 * a rotation is not a change of the credential, so cached tokens stay valid.
 */
export async function rewrapCredentialSecret(secret: RewrappedSecret): Promise<boolean> {
  const db = getDb();
  const row = await db.credential.findUnique({ where: { id: secret.id }, select: { updatedAt: true } });
  if (!row) return false;
  const { count } = await db.credential.updateMany({
    where: { id: secret.id, ciphertext: secret.previousCiphertext },
    // updatedAt written back as it was: re-encryption changes no field an operator sees.
    data: { keyId: secret.keyId, ciphertext: secret.ciphertext, aadVersion: CREDENTIAL_BINDING_VERSION, updatedAt: row.updatedAt },
  });
  return count === 1;
}

function associatedDataOf(bindingVersion: number, id: string, kind: CredentialKind): string {
  if (bindingVersion !== CREDENTIAL_BINDING_VERSION) {
    throw new Error(`A stored credential secret has binding version ${bindingVersion}, which this version of Quiver does not know.`);
  }
  return credentialSecretAssociatedData(id, { kind });
}
