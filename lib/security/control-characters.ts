/**
 * Control characters in what operators name (issue 25, finding 5): a persona, key, operator or
 * test-case name carrying an escape sequence could rewrite a terminal that prints it, and
 * bidirectional overrides make a name read differently from what it is. Names lose them at the
 * input boundary ({@link stripControlCharacters}, in lib/actions/input-limits.ts), and a command
 * line that prints stored text shows any that older rows still hold as visible escapes
 * ({@link printable}).
 *
 * Covered: C0 controls (tab and newline included: a name is one line), DEL, C1 controls, and the
 * bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069).
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` without control characters. */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL, "");
}

/** `text` with each control character shown as an escape (`\x1b`, `\u202e`), safe to print on a terminal. */
export function printable(text: string): string {
  return text.replace(CONTROL, (character) => {
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
