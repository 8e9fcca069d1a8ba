import "server-only";
/**
 * Changing shared credentials (SPEC §5.1). A save writes the public columns, the encrypted secret
 * part with its mask, the version and the audit event in one transaction. The secret follows every
 * rule of §5, as tool secrets do (lib/secrets/reconcile.ts): a mask, "" or no value keeps the
 * stored one, a new value replaces it, clearing is explicit. On top of that, a save that widens
 * where the secret can go (storedSecretProblem: a host not admitted before, another kind, a token
 * URL on another origin) keeps no stored value: it is dropped and reported, and the operator enters
 * it again — an editor cannot send a colleague's key to a host of their choosing.
 *
 * Tools name a credential in their definitions (`auth.credential`), so a credential in use cannot
 * be renamed or deleted: both are refused listing the tools. Every save names the version it was
 * based on; a stale one is refused. The audit trail keeps public parts and masks only.
 */
import { randomUUID } from "node:crypto";
import { recordAudit, type Actor } from "../../audit";
import {
  credentialSecretAssociatedData,
  parseCredentialInput,
  SECRET_PART,
  storedSecretProblem,
  type Credential,
} from "..";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { isMask, reconcileSecretValues, type Keyring, type SecretSubmission, type StoredSecret } from "../../secrets";
import type { JsonValue } from "../../tools";
import type { Tx } from "../../db/client";
import { CREDENTIAL_BINDING_VERSION } from "./credential-secrets";
import { credentialColumnsOf, credentialOf, getCredentialRecord, publicConfigOf, type CredentialRecord } from "./credential-queries";
import { hasPrismaCode, inTransaction, isUniqueViolation } from "../../db/transactions";

export interface CredentialSave {
  /** The form's fields, snake_case (parseCredentialInput); the secret part as typed, a mask or "". */
  readonly input: unknown;
  /** The credential's name before this save; absent creates a new credential. */
  readonly existingName?: string;
  /** The version the edit started from (required with `existingName`). */
  readonly basedOnVersion?: number;
  /** Removes the stored secret (the explicit action §5 asks for). */
  readonly clearSecret?: boolean;
  /** Encrypts a new secret value (not needed when none is submitted). */
  readonly keyring?: Keyring;
  readonly actor: Actor;
}

export interface SavedCredential {
  readonly record: CredentialRecord;
  /** True when the save changed nothing: no new version, no audit event. */
  readonly unchanged: boolean;
  /** Why the stored secret was dropped without being asked to (the save widened where it can go), else null. */
  readonly droppedSecret: string | null;
}

interface StoredRow {
  readonly id: string;
  readonly version: number;
  readonly name: string;
  readonly description: string;
  readonly kind: string;
  readonly config: string;
  readonly hosts: string;
  readonly keyId: string | null;
  readonly ciphertext: string | null;
  readonly mask: string | null;
}

/** Creates or updates a credential (rules above). Throws ValidationError, ConflictError or NotFoundError; nothing written then. */
export async function saveCredentialRecord(save: CredentialSave): Promise<SavedCredential> {
  const { credential } = parseCredentialInput(save.input);
  try {
    return await inTransaction((tx) => saveCredentialIn(tx, save));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw nameTaken(credential.name);
  }
}

/** {@link saveCredentialRecord} inside the caller's transaction (an import creates credentials with its tools). */
export async function saveCredentialIn(tx: Tx, save: CredentialSave): Promise<SavedCredential> {
  const { credential, secret } = parseCredentialInput(save.input);
  return saveIn(tx, save, credential, secret);
}

async function saveIn(tx: Tx, save: CredentialSave, credential: Credential, submitted: string | undefined): Promise<SavedCredential> {
  const current = save.existingName === undefined ? null : await tx.credential.findUnique({ where: { name: save.existingName } });
  if (save.existingName !== undefined) {
    if (!current) throw new NotFoundError(`Credential "${save.existingName}" does not exist: someone may have deleted it.`);
    if (save.basedOnVersion === undefined) throw new Error("Updating a credential needs the version the edit started from.");
    if (current.version !== save.basedOnVersion) throw staleSave(current, save.basedOnVersion);
  }
  const renamed = current !== null && current.name !== credential.name;
  if (current?.name !== credential.name && (await tx.credential.findUnique({ where: { name: credential.name }, select: { id: true } }))) {
    throw nameTaken(credential.name);
  }

  const id = current?.id ?? randomUUID();
  const { sealed, droppedSecret } = planSecret(id, current, credential, submitted, save);
  const columns = { ...credentialColumnsOf(credential), keyId: sealed?.keyId ?? null, ciphertext: sealed?.ciphertext ?? null, mask: sealed?.mask ?? null };
  if (current && sameColumns(current, columns)) return { record: (await getCredentialRecord(current.name, tx))!, unchanged: true, droppedSecret: null };

  const data = { ...columns, aadVersion: CREDENTIAL_BINDING_VERSION, updatedBy: save.actor.email };
  if (current) {
    const { count } = await tx.credential.updateMany({ where: { id, version: current.version }, data: { ...data, version: current.version + 1 } });
    if (count !== 1) throw staleSave(current, current.version);
    // Checked after the write: on PostgreSQL the update waits for a tool save holding the row
    // (its foreign key check), so a tool attached meanwhile is seen here and the rename undone.
    if (renamed) await refuseWhileUsed(tx, id, current.name, "renamed");
  } else {
    await tx.credential.create({ data: { ...data, id, version: 1 } });
  }
  await recordAudit(tx, {
    actor: save.actor,
    action: current ? "credential.update" : "credential.create",
    targetType: "credential",
    targetId: id,
    targetName: credential.name,
    before: current ? auditSnapshot(credentialOf(current), current.mask) : null,
    after: {
      ...auditSnapshot(credential, columns.mask),
      secretChanged: (current?.ciphertext ?? null) !== columns.ciphertext,
      ...(droppedSecret === null ? {} : { droppedSecret }),
    },
  });
  return { record: (await getCredentialRecord(credential.name, tx))!, unchanged: false, droppedSecret };
}

/**
 * What the secret part will be after the save: reconciled like a secret header, the stored value
 * treated as absent when the save widens where it may go (and reported as dropped unless replaced
 * or cleared). Problems are reported at the part's own path (`value`, `password`, `client_secret`).
 */
function planSecret(
  id: string,
  current: StoredRow | null,
  credential: Credential,
  submitted: string | undefined,
  save: CredentialSave,
): { sealed: StoredSecret | null; droppedSecret: string | null } {
  const part = SECRET_PART[credential.kind];
  const problem = current ? storedSecretProblem(credentialOf(current), credential) : null;
  const kept = current?.keyId && current.ciphertext && current.mask && problem === null
    ? { [part]: { keyId: current.keyId, ciphertext: current.ciphertext, mask: current.mask } }
    : {};
  // A mask left in the form keeps only a value that may be kept: after a widening save it keeps nothing.
  const keeps = submitted === undefined || (problem !== null && isMask(submitted));
  if (!save.clearSecret && !keeps && isMask(submitted) && !(part in kept)) {
    throw new ValidationError([{ path: part, message: "no secret is stored yet, so there is nothing to keep: enter it." }]);
  }
  const submission: SecretSubmission | null = save.clearSecret ? { clear: true } : keeps ? null : { value: submitted! };
  let sealed: StoredSecret | null;
  try {
    const { secrets } = reconcileSecretValues({
      stored: kept,
      submitted: submission ? { [part]: submission } : {},
      secretSlots: [part],
      keyring: save.keyring,
      associatedData: () => credentialSecretAssociatedData(id, credential),
    });
    sealed = secrets[part] ?? null;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(error.issues.map((issue) => ({ path: part, message: issue.message })));
  }
  const dropped = problem !== null && current?.ciphertext != null && !save.clearSecret && sealed === null;
  return { sealed, droppedSecret: dropped ? problem : null };
}

/**
 * Deletes credential `name` (at `basedOnVersion`, when given). Refused with a ConflictError listing
 * the tools that use it; nothing changes then.
 */
export async function deleteCredentialRecord(name: string, actor: Actor, basedOnVersion?: number): Promise<void> {
  try {
    await inTransaction(async (tx) => {
      const current = await tx.credential.findUnique({ where: { name } });
      if (!current) throw new NotFoundError(`Credential "${name}" does not exist: someone may have deleted it.`);
      if (basedOnVersion !== undefined && current.version !== basedOnVersion) throw staleSave(current, basedOnVersion);
      await refuseWhileUsed(tx, current.id, name, "deleted");
      await tx.credential.delete({ where: { id: current.id } });
      await recordAudit(tx, {
        actor, action: "credential.delete", targetType: "credential", targetId: current.id, targetName: name,
        before: auditSnapshot(credentialOf(current), current.mask), after: null,
      });
    });
  } catch (error) {
    // A tool saved with it between the check and the delete: the foreign key (Restrict) refuses.
    if (!hasPrismaCode(error, "P2003")) throw error;
    throw new ConflictError(`Credential "${name}" was just attached to a tool: it cannot be deleted while a tool uses it.`);
  }
}

async function refuseWhileUsed(tx: Tx, id: string, name: string, verb: "renamed" | "deleted"): Promise<void> {
  const tools = await tx.tool.findMany({ where: { credentialId: id }, select: { name: true }, orderBy: { name: "asc" } });
  if (tools.length === 0) return;
  const names = tools.map((tool) => tool.name).join(", ");
  const advice = verb === "renamed" ? "their definitions name it" : "remove it from them first";
  throw new ConflictError(`Credential "${name}" cannot be ${verb} while tools use it (${advice}): ${names}.`);
}

function sameColumns(row: StoredRow, columns: ReturnType<typeof credentialColumnsOf> & { ciphertext: string | null }): boolean {
  return (
    row.name === columns.name && row.description === columns.description && row.kind === columns.kind &&
    row.config === columns.config && row.hosts === columns.hosts && row.ciphertext === columns.ciphertext
  );
}

/** What the audit trail keeps of a credential: its public parts and the secret's mask. */
function auditSnapshot(credential: Credential, mask: string | null): { [key: string]: JsonValue } {
  return {
    name: credential.name,
    description: credential.description,
    kind: credential.kind,
    hosts: [...credential.hosts],
    config: publicConfigOf(credential) as { [key: string]: JsonValue },
    secret: mask === null ? null : { mask },
  };
}

function staleSave(current: StoredRow & { updatedBy?: string }, basedOnVersion: number): ConflictError {
  return new ConflictError(
    `Credential "${current.name}" changed since you opened it (version ${basedOnVersion}, now ${current.version}` +
      `${current.updatedBy ? `, by ${current.updatedBy}` : ""}): reload it and make your change again.`,
  );
}

function nameTaken(name: string): ValidationError {
  return new ValidationError([{ path: "name", message: `another credential is already named ${name}; choose another name` }]);
}
