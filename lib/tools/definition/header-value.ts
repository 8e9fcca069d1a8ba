/**
 * What an HTTP header value can carry: Latin-1 text without control characters (a tab is fine).
 * One rule for authoring (the literal parts of a header value), rendering (the value after
 * placeholders are filled) and secrets (the value about to be injected), so a value accepted at
 * one step is never refused at the next.
 */

/** RFC 9110 `token`: the characters a header name may use. */
export const HEADER_NAME_PATTERN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/**
 * Names JavaScript objects treat specially: header names become object keys on the way to the
 * executor, and a value stored under `__proto__` replaces the prototype instead (it was lost).
 */
export const RESERVED_HEADER_NAMES: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

const HEADER_INJECTION = /[\r\n\0]/;
const NOT_HEADER_SAFE = /[^\t\x20-\x7e\x80-\xff]/;

/** Why `value` cannot be sent as a header value (a line break or NUL could inject a header), or null. */
export function headerValueProblem(value: string): string | null {
  // One test on the common path: CR, LF and NUL are outside the safe set too.
  if (!NOT_HEADER_SAFE.test(value)) return null;
  return HEADER_INJECTION.test(value)
    ? "contains a line break or NUL"
    : "contains characters an HTTP header cannot carry (control or non-Latin-1)";
}
