/**
 * Masking (SPEC §5): what a browser sees instead of a secret. `••••` plus the last four
 * characters, and nothing of values under 12 characters (too short to reveal any part of).
 */

export const MASK_PREFIX = "••••";
const SHORTEST_WITH_VISIBLE_TAIL = 12;
const VISIBLE_TAIL = 4;

/** The mask shown for `secret`. Never contains more than its last 4 characters. */
export function maskSecret(secret: string): string {
  if (secret.length < SHORTEST_WITH_VISIBLE_TAIL) return MASK_PREFIX;
  return MASK_PREFIX + secret.slice(-VISIBLE_TAIL);
}

/** True when `value` is a mask (as produced by {@link maskSecret}) rather than a new secret. */
export function isMask(value: string): boolean {
  return value.startsWith(MASK_PREFIX) && value.length <= MASK_PREFIX.length + VISIBLE_TAIL;
}
