/**
 * What a save does to a tool's stored secrets, decided inside the save's transaction from the rows
 * stored then:
 * - the submitted values are reconciled with the stored ones (lib/secrets/reconcile.ts): a mask,
 *   an empty field or no submission keeps, a new value replaces, a clear clears;
 * - a kept value stays only while the tool's origin (scheme, host, port) is the one it was entered
 *   for: otherwise it is dropped and reported (`origin_changed`), so the form asks for it again —
 *   an editor cannot point a tool at their own server and receive a colleague's key. A value
 *   stored before origins were recorded counts as entered for the tool's origin before this save;
 * - new values are encrypted bound to the tool id and slot (lib/secrets/binding.ts) and stored
 *   with the new origin.
 * Secrets are addressed by slot (lib/secrets/slots.ts): a secret header's name, or `?key` for a
 * secret query key (SPEC §1.8), which every rule here treats exactly as a header — the origin
 * binding included. A row keeps its slot as `location` + `header` (the header name or query key).
 * Kept rows are updated in place (same id), so a key rotation running meanwhile still finds them.
 */
import {
  CURRENT_BINDING_VERSION,
  reconcileSecretValues,
  secretSlot,
  slotIdentity,
  slotLocation,
  toolSecretAssociatedData,
  type Keyring,
  type SecretLocation,
  type SecretSubmission,
} from "../secrets";
import type { Tx } from "../db/client";

/** The secret values a save form submitted, by slot, and the keyring to encrypt new ones. */
export interface SubmittedSecrets {
  /** A mask, "" or a missing slot keeps the stored value; a new value replaces it; `{clear: true}` clears it. */
  readonly values: Readonly<Record<string, SecretSubmission>>;
  readonly keyring: Keyring;
}

/** A stored value the save removed without being asked to; the form asks again for `origin_changed` ones. */
export interface DroppedSecret {
  /** The slot: a header name, or `?key`. */
  readonly header: string;
  readonly reason: "origin_changed" | "no_longer_secret";
}

/** A tool_secrets row as a save reads it (see {@link storedSecretRow}). */
export interface StoredSecretRow {
  readonly id: string;
  /** The row's slot: its header name, or `?key` for a query key. */
  readonly header: string;
  readonly keyId: string;
  readonly ciphertext: string;
  readonly mask: string;
  /** Null for a value stored before origins were recorded. */
  readonly origin: string | null;
  readonly aadVersion: number;
}

/** The columns {@link StoredSecretRow} reads. */
export const storedSecretColumns = {
  id: true, location: true, header: true, keyId: true, ciphertext: true, mask: true, origin: true, aadVersion: true,
} as const;

/** A row read with {@link storedSecretColumns}, addressed by its slot. */
export function storedSecretRow({ location, header, ...row }: Omit<StoredSecretRow, "header"> & { location: string; header: string }): StoredSecretRow {
  return { ...row, header: secretSlot(location as SecretLocation, header) };
}

/** The columns a slot is stored in. */
export function slotColumns(slot: string): { location: SecretLocation; header: string } {
  const { location, name } = slotLocation(slot);
  return { location, header: name };
}

interface NewSecret {
  readonly header: string;
  readonly keyId: string;
  readonly ciphertext: string;
  readonly mask: string;
}

export interface SecretPlan {
  /** The origin every value is stored for after the save. */
  readonly origin: string;
  /** Stored rows that stay, with the header's spelling in the new definition. */
  readonly kept: readonly { readonly row: StoredSecretRow; readonly header: string }[];
  readonly added: readonly NewSecret[];
  readonly dropped: readonly DroppedSecret[];
  /** Secret headers left without a value (the executor refuses the tool until one is entered). */
  readonly unset: readonly string[];
  /** The stored set after the save, by header: what the audit trail describes (masks only). */
  readonly secrets: readonly { readonly header: string; readonly mask: string; readonly ciphertext: string }[];
  /** True when the stored set stays as it is. */
  readonly unchanged: boolean;
}

export interface SecretPlanInput {
  readonly toolId: string;
  readonly stored: readonly StoredSecretRow[];
  /** The definition's secret slots after the save (secretSlotsOf). */
  readonly secretSlots: readonly string[];
  readonly submitted?: SubmittedSecrets;
  /** The origin of the definition being saved. */
  readonly origin: string;
  /** The origin of the definition before the save (null for a new tool). */
  readonly previousOrigin: string | null;
}

/** Decides the stored set (rules above). Throws the reconciliation's ValidationError; writes nothing. */
export function planSecrets(input: SecretPlanInput): SecretPlan {
  const { changes, secrets } = reconcileSecretValues({
    stored: Object.fromEntries(input.stored.map((row) => [row.header, row])),
    submitted: input.submitted?.values ?? {},
    secretSlots: input.secretSlots,
    keyring: input.submitted?.keyring,
    associatedData: (header) => toolSecretAssociatedData(input.toolId, header),
  });
  const storedByName = new Map(input.stored.map((row) => [slotIdentity(row.header), row]));
  const kept: { row: StoredSecretRow; header: string }[] = [];
  const dropped: DroppedSecret[] = changes.dropped.map((header) => ({ header, reason: "no_longer_secret" }));
  for (const header of changes.kept) {
    const row = storedByName.get(slotIdentity(header))!;
    if ((row.origin ?? input.previousOrigin) === input.origin) kept.push({ row, header });
    else dropped.push({ header, reason: "origin_changed" });
  }
  const added = [...changes.added, ...changes.replaced].map((header) => ({ header, ...secrets[header]! }));
  const lost = dropped.filter((secret) => secret.reason === "origin_changed").map((secret) => secret.header);
  const final = [...kept.map(({ row, header }) => ({ header, mask: row.mask, ciphertext: row.ciphertext })), ...added];
  return {
    origin: input.origin,
    kept,
    added,
    dropped,
    unset: [...changes.unset, ...changes.cleared, ...lost],
    secrets: final.map(({ header, mask, ciphertext }) => ({ header, mask, ciphertext })).sort(byHeader),
    unchanged: added.length === 0 && kept.length === input.stored.length && kept.every(({ row, header }) => row.header === header),
  };
}

/** Applies `plan` to tool `toolId`'s rows, inside the save's transaction. */
export async function writeSecretPlan(tx: Tx, toolId: string, plan: SecretPlan): Promise<void> {
  await tx.toolSecret.deleteMany({ where: { toolId, id: { notIn: plan.kept.map(({ row }) => row.id) } } });
  for (const { row, header } of plan.kept) {
    if (row.header !== header || row.origin !== plan.origin) {
      await tx.toolSecret.update({ where: { id: row.id }, data: { ...slotColumns(header), origin: plan.origin } });
    }
  }
  await tx.toolSecret.createMany({
    data: plan.added.map(({ header, ...secret }) => ({ ...secret, ...slotColumns(header), toolId, origin: plan.origin, aadVersion: CURRENT_BINDING_VERSION })),
  });
}

function byHeader(a: { header: string }, b: { header: string }): number {
  return a.header < b.header ? -1 : a.header > b.header ? 1 : 0;
}
