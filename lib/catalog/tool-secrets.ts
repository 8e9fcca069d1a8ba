import "server-only";
/**
 * Encrypted secret values (of secret headers and secret query keys), read for the few server-side paths that need more than a
 * mask: the executor (which decrypts, through lib/secrets) and the start-up key check and key
 * rotation. Nothing here decrypts, and none of it may reach a browser.
 *
 * Each value is bound to its tool and slot (a header, or `?key`: lib/secrets/slots.ts) as AES-GCM associated data (lib/secrets/binding.ts),
 * recorded per row as `aadVersion`; the records returned here carry the associated data to pass
 * to decryptSecret, so no caller has to know the binding rules.
 */
import { associatedDataOf, CURRENT_BINDING_VERSION, secretSlot, toolSecretAssociatedData, type SecretLocation } from "../secrets";
import { getDb } from "../db/client";

/** An encrypted value as the executor needs it. */
export interface ToolSecretForExecution {
  /** The slot: a header name, or `?key` for a secret query key. */
  readonly header: string;
  readonly keyId: string;
  readonly ciphertext: string;
  /** What the value is bound to: pass it to decryptSecret. Undefined for a value stored before binding existed. */
  readonly associatedData: string | undefined;
}

/** A stored value for the start-up check and key rotation, addressed by its row id. */
export interface EncryptedSecretRecord {
  readonly id: string;
  readonly keyId: string;
  readonly ciphertext: string;
  /** What the value is bound to now (undefined: nothing but its key id). */
  readonly associatedData: string | undefined;
  /** What it is to be bound to: rotation re-encrypts a value whose binding is older. */
  readonly rebindTo: string;
}

const bindingColumns = { toolId: true, location: true, header: true, keyId: true, ciphertext: true, aadVersion: true } as const;

/** The encrypted secret values of tool `name` (empty when it has none or does not exist). */
export async function getToolSecretsForExecution(name: string): Promise<ToolSecretForExecution[]> {
  const rows = await getDb().toolSecret.findMany({ where: { tool: { name } }, select: bindingColumns, orderBy: { header: "asc" } });
  return rows.map(toExecutionRecord);
}

/**
 * The encrypted secret values of the tool with id `toolId`, provided it is still at `version`: a
 * call reads the secrets of exactly the definition it runs, even if the tool was renamed, and
 * never those of a later version (which may point at another origin). Throws when the tool is
 * gone or has changed since.
 */
export async function getToolSecretsForCall(toolId: string, version: number): Promise<ToolSecretForExecution[]> {
  const tool = await getDb().tool.findUnique({
    where: { id: toolId },
    select: { version: true, secrets: { select: bindingColumns, orderBy: { header: "asc" } } },
  });
  if (!tool || tool.version !== version) throw new Error("The tool changed while it was being called; call it again.");
  return tool.secrets.map(toExecutionRecord);
}

interface BindingRow {
  toolId: string;
  location: string;
  header: string;
  keyId: string;
  ciphertext: string;
  aadVersion: number;
}

const slotOf = (row: BindingRow): string => secretSlot(row.location as SecretLocation, row.header);

function toExecutionRecord(row: BindingRow): ToolSecretForExecution {
  return {
    header: slotOf(row),
    keyId: row.keyId,
    ciphertext: row.ciphertext,
    associatedData: associatedDataOf(row.aadVersion, row.toolId, slotOf(row)),
  };
}

/** Every stored secret value, for the start-up key check and key rotation. */
export async function listEncryptedSecrets(): Promise<EncryptedSecretRecord[]> {
  const rows = await getDb().toolSecret.findMany({ select: { id: true, ...bindingColumns }, orderBy: { id: "asc" } });
  return rows.map((row) => ({
    id: row.id,
    keyId: row.keyId,
    ciphertext: row.ciphertext,
    associatedData: associatedDataOf(row.aadVersion, row.toolId, slotOf(row)),
    rebindTo: toolSecretAssociatedData(row.toolId, slotOf(row)),
  }));
}

/** A re-encrypted value from key rotation, bound to its tool and slot (`rebindTo`). */
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
    data: { keyId: secret.keyId, ciphertext: secret.ciphertext, aadVersion: CURRENT_BINDING_VERSION },
  });
  return count === 1;
}
