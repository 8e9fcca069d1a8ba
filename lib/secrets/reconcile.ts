/**
 * Reconciliation on save (SPEC §5): the form shows masks, so what comes back is a mix of
 * untouched masks, new values and explicit clears. For each slot (a secret header, or a secret
 * query key: slots.ts) that is secret after the save:
 *
 * | submitted                               | stored value | result                        |
 * |-----------------------------------------|--------------|-------------------------------|
 * | `{clear: true}`                         | yes          | no value (`cleared`)          |
 * | `{clear: true}`                         | no           | no value (`unset`)            |
 * | a mask (`isMask`), `""`, or nothing     | yes          | stored value kept (`kept`)    |
 * | `""` or nothing                         | no           | no value (`unset`)            |
 * | a mask                                  | no           | ValidationError: enter a value |
 * | a new value                             | yes / no     | encrypted (`replaced`/`added`) |
 *
 * Decisions:
 * - An empty field means "unchanged", not "clear": password inputs are often left empty, and a
 *   tool exported with empty secret values re-imports over itself without losing them.
 * - A secret header may have no value (`unset`): an imported export has none until an operator
 *   enters one. The executor should refuse to call such a tool rather than send an empty header.
 * - Stored values of headers that are no longer secret are dropped (`dropped`), never moved into
 *   the plain headers. Submissions for headers that are not secret are ignored: the caller takes
 *   plain header values from the definition.
 * - New values lose surrounding HTTP whitespace (as any HTTP client would) and may not contain
 *   CR, LF or NUL (the executor would refuse them later; refusing at save time is clearer).
 * - Header names compare case-insensitively, query keys exactly (slotIdentity); the result uses
 *   the spelling in `secretSlots`. Query values follow the header rules (trimmed, one line): a
 *   credential has no reason to hold a line break, and one rule is easier to trust.
 * Plaintext goes in; only ciphertexts and masks come out.
 */
import { ValidationError, type ValidationIssue } from "../errors";
import { sealSecret, type StoredSecret } from "./encryption";
import type { Keyring } from "./keyring";
import { isMask } from "./mask";
import { slotIdentity, slotPath } from "./slots";
import { isWellFormedText } from "./unicode";

export type SecretSubmission = { readonly value: string } | { readonly clear: true };

export interface SecretChanges {
  readonly kept: string[];
  readonly replaced: string[];
  readonly added: string[];
  readonly cleared: string[];
  /** Secret slots left without a value (nothing stored and nothing new submitted). */
  readonly unset: string[];
  /** Slots that had a stored value and are no longer secret. */
  readonly dropped: string[];
}

export interface ReconciledSecrets {
  /** The complete set to store, by slot: replaces whatever was stored. */
  readonly secrets: Readonly<Record<string, StoredSecret>>;
  readonly changes: SecretChanges;
}

export interface SecretReconciliationInput {
  readonly stored: Readonly<Record<string, StoredSecret>>;
  readonly submitted: Readonly<Record<string, SecretSubmission>>;
  /** The slots that are secret after this save (the definition's `secret_headers` and `secret_query`). */
  readonly secretSlots: readonly string[];
  /** Encrypts new values; only needed when a new value is submitted. */
  readonly keyring?: Keyring;
  /** The associated data each new value is bound to (see binding.ts), by slot as spelled in `secretSlots`. */
  readonly associatedData?: (slot: string) => string;
}

/**
 * Merges submitted secret values into the stored ones (rules above). Throws a ValidationError
 * listing every slot whose submission cannot be saved; nothing is encrypted in that case.
 */
export function reconcileSecretValues(input: SecretReconciliationInput): ReconciledSecrets {
  const stored = bySlotIdentity(input.stored);
  const submitted = bySlotIdentity(input.submitted);
  const changes: SecretChanges = { kept: [], replaced: [], added: [], cleared: [], unset: [], dropped: [] };
  const secrets: Record<string, StoredSecret> = {};
  const newValues = new Map<string, string>();
  const issues: ValidationIssue[] = [];

  const slots = input.secretSlots.filter(
    (slot, index) => input.secretSlots.findIndex((other) => slotIdentity(other) === slotIdentity(slot)) === index,
  );
  for (const header of slots) {
    const current = stored.first.get(slotIdentity(header));
    const submission = submitted.first.get(slotIdentity(header));
    if (submission && "clear" in submission) {
      (current ? changes.cleared : changes.unset).push(header);
      continue;
    }
    const value = submission ? trimHttpWhitespace(submission.value) : "";
    if (value === "" || isMask(value)) {
      if (current) {
        secrets[header] = current;
        changes.kept.push(header);
      } else if (value === "") {
        changes.unset.push(header);
      } else {
        issues.push(issue(header, "no secret is stored here yet, so there is nothing to keep: enter its value."));
      }
      continue;
    }
    const problem = valueProblem(value);
    if (problem) issues.push(issue(header, problem));
    else newValues.set(header, value);
    (current ? changes.replaced : changes.added).push(header);
  }
  if (issues.length > 0) throw new ValidationError(issues);

  if (newValues.size > 0) {
    const { keyring } = input;
    if (!keyring) throw new Error("New secret values need a keyring to be encrypted.");
    for (const [header, value] of newValues) secrets[header] = sealSecret(value, keyring, input.associatedData?.(header));
  }
  const listed = new Set(slots.map(slotIdentity));
  changes.dropped.push(...stored.names.filter((name) => !listed.has(slotIdentity(name))), ...stored.shadowed);
  return { secrets, changes };
}

interface BySlotIdentity<T> {
  readonly first: Map<string, T>;
  /** Every slot whose identity came first. */
  readonly names: string[];
  /** Header slots that repeat an earlier one in another case (only the first is used). */
  readonly shadowed: string[];
}

function bySlotIdentity<T>(record: Readonly<Record<string, T>>): BySlotIdentity<T> {
  const result: BySlotIdentity<T> = { first: new Map(), names: [], shadowed: [] };
  for (const [name, value] of Object.entries(record)) {
    if (result.first.has(slotIdentity(name))) {
      result.shadowed.push(name);
    } else {
      result.first.set(slotIdentity(name), value);
      result.names.push(name);
    }
  }
  return result;
}

function trimHttpWhitespace(value: string): string {
  return value.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, "");
}

function valueProblem(value: string): string | null {
  if (/[\r\n\0]/.test(value)) return "a secret value cannot contain line breaks or NUL characters.";
  if (!isWellFormedText(value)) return "the value holds characters that cannot be encoded (an unpaired surrogate).";
  return null;
}

function issue(slot: string, message: string): ValidationIssue {
  return { path: slotPath(slot), message };
}
