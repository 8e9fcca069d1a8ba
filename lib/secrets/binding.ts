/**
 * What a stored tool secret is bound to, beyond its key id (issue 8): the tool and the header it
 * was entered for, as AES-GCM associated data. A ciphertext copied to another tool or another
 * header then fails authentication ("tampered") instead of being sent there.
 *
 * Each stored value records the version of its binding, so values stored before binding existed
 * keep decrypting; key rotation re-encrypts them under the current version.
 */

/** 0: bound to its key id only (stored before binding existed). */
export const UNBOUND = 0;
/** 1: also bound to its tool id and lower-cased header name. */
export const BOUND_TO_TOOL_AND_HEADER = 1;
/** The binding every value is written with. */
export const CURRENT_BINDING_VERSION = BOUND_TO_TOOL_AND_HEADER;

/**
 * The associated data of tool `toolId`'s value for `header`. Header names ignore case, so a
 * respelled header keeps its value; the tool id (not its name) survives a rename.
 */
export function toolSecretAssociatedData(toolId: string, header: string): string {
  return `tool-secret:${JSON.stringify([toolId, header.toLowerCase()])}`;
}

/**
 * The associated data a stored value was encrypted with, by its binding version: undefined for an
 * unbound (legacy) value. Throws for a version this code does not know (a newer release wrote it).
 */
export function associatedDataOf(bindingVersion: number, toolId: string, header: string): string | undefined {
  if (bindingVersion === UNBOUND) return undefined;
  if (bindingVersion === BOUND_TO_TOOL_AND_HEADER) return toolSecretAssociatedData(toolId, header);
  throw new Error(`A stored secret has binding version ${bindingVersion}, which this version of Quiver does not know.`);
}
