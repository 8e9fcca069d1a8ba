/**
 * Masking (SPEC §5): what a browser sees instead of a secret. `••••` plus the last four
 * characters, and nothing of values under 12 characters (too short to reveal any part of).
 *
 * Lengths count Unicode code points, not UTF-16 units, so a tail never splits an emoji or
 * another astral character into an unpaired surrogate.
 */

/** The character a mask is made of. */
export const MASK_CHARACTER = "•";
/** How many of them open every mask. */
export const MASK_PREFIX_LENGTH = 4;
export const MASK_PREFIX = MASK_CHARACTER.repeat(MASK_PREFIX_LENGTH);
/** Secrets shorter than this (in code points) are masked with the prefix alone. */
export const SHORTEST_WITH_VISIBLE_TAIL = 12;
/** How many trailing code points a mask reveals, at most. */
export const VISIBLE_TAIL = 4;

/** The mask shown for `secret`. Never contains more than its last 4 characters. */
export function maskSecret(secret: string): string {
  return MASK_PREFIX + visibleTail(secret);
}

/**
 * The part of `secret` a mask may reveal: its last 4 code points when it has at least 12,
 * otherwise nothing. Exposed so the redactor can build the same mask with another prefix.
 */
export function visibleTail(secret: string): string {
  const codePoints = Array.from(secret);
  if (codePoints.length < SHORTEST_WITH_VISIBLE_TAIL) return "";
  return codePoints.slice(-VISIBLE_TAIL).join("");
}

/**
 * True when `value` is a mask (as produced by {@link maskSecret}) rather than a new secret:
 * what a form sends back when the operator left a secret field untouched.
 */
export function isMask(value: string): boolean {
  return value.startsWith(MASK_PREFIX) && Array.from(value).length <= MASK_PREFIX.length + VISIBLE_TAIL;
}
