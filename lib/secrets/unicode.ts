/**
 * Unpaired UTF-16 surrogates cannot be encoded as UTF-8 (they turn into U+FFFD) nor
 * URL-encoded (encodeURIComponent throws), so a secret holding one could not round-trip.
 */

/** An unpaired surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** True when `text` has no unpaired surrogate (String.prototype.isWellFormed, ES2024). */
export function isWellFormedText(text: string): boolean {
  // A global pattern keeps lastIndex between test() calls; search() always starts at 0.
  return text.search(LONE_SURROGATE) < 0;
}

/** `text` with each unpaired surrogate replaced by U+FFFD (String.prototype.toWellFormed, ES2024). */
export function toWellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, "\ufffd");
}
