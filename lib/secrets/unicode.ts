/**
 * Unpaired UTF-16 surrogates cannot be encoded as UTF-8 (they turn into U+FFFD) nor
 * URL-encoded (encodeURIComponent throws), so a secret holding one could not round-trip.
 */

/** True when `text` has no unpaired surrogate (String.prototype.isWellFormed, ES2024). */
export function isWellFormedText(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}
