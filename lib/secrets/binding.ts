/**
 * What a stored tool secret is bound to, beyond its key id (issue 8): the tool and the slot (a
 * header, or a query key: slots.ts) it was entered for, as AES-GCM associated data. A ciphertext
 * copied to another tool, another header or from a header to a query key then fails
 * authentication ("tampered") instead of being sent there.
 *
 * Each stored value records the version of its binding, so values stored before binding existed
 * keep decrypting; key rotation re-encrypts them under the current version.
 */
import { slotIdentity } from "./slots";

/** 0: bound to its key id only (stored before binding existed). */
export const UNBOUND = 0;
/** 1: also bound to its tool id and slot identity (a lower-cased header name, or `?key`). */
export const BOUND_TO_TOOL_AND_HEADER = 1;
/** The binding every value is written with. */
export const CURRENT_BINDING_VERSION = BOUND_TO_TOOL_AND_HEADER;

/**
 * The associated data of tool `toolId`'s value for `slot` (a header name, or `?key`). Header
 * names ignore case, so a respelled header keeps its value; a query key is bound as written. The
 * tool id (not its name) survives a rename.
 */
export function toolSecretAssociatedData(toolId: string, slot: string): string {
  return `tool-secret:${JSON.stringify([toolId, slotIdentity(slot)])}`;
}

/**
 * The associated data a stored value was encrypted with, by its binding version: undefined for an
 * unbound (legacy) value. Throws for a version this code does not know (a newer release wrote it).
 */
export function associatedDataOf(bindingVersion: number, toolId: string, slot: string): string | undefined {
  if (bindingVersion === UNBOUND) return undefined;
  if (bindingVersion === BOUND_TO_TOOL_AND_HEADER) return toolSecretAssociatedData(toolId, slot);
  throw new Error(`A stored secret has binding version ${bindingVersion}, which this version of Quiver does not know.`);
}
