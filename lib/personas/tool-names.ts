/**
 * Tool-name lists as personas store them (SPEC §4): the operator's disabled list is kept as a clean
 * list of strings, never null, whatever the column held.
 */

/**
 * A clean list from any stored value: strings trimmed, blanks and non-strings dropped, duplicates
 * removed (first occurrence kept). Anything that is not an array (null, a number, an object)
 * becomes `[]`: the list can only subtract tools, so an unreadable one subtracts nothing.
 */
export function normalizeToolNameList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const names = new Set<string>();
  for (const item of value) {
    if (typeof item !== "string") continue;
    const name = item.trim();
    if (name !== "") names.add(name);
  }
  return [...names];
}

/** A list of names stored as JSON text; anything else (never written by Quiver) reads as empty. */
export function parseNameList(text: string): string[] {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return [];
  }
  return normalizeToolNameList(stored);
}
