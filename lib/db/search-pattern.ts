/**
 * The tool list's search — "this text occurs in the name or the description, ignoring case" —
 * answered identically by SQLite, PostgreSQL and JavaScript. No database's own folding will do:
 * SQLite's LIKE and lower() fold ASCII only, PostgreSQL's ILIKE and lower() follow the database's
 * ctype (ASCII only under "C"), and Prisma's `mode: "insensitive"` exists for PostgreSQL alone.
 *
 * So the folding is decided here, once: each character of the search becomes the set of
 * characters equal to it ignoring case, and each engine receives that set as a case-sensitive
 * pattern of character classes — a GLOB on SQLite, a regular expression on PostgreSQL and in
 * JavaScript (for the built-in code tools). Every other character, `%` `_` `*` `?` `[` `\`
 * included, stands for itself.
 */

/** One character of the search: every character equal to it ignoring case (itself first). */
export type SearchCharacter = readonly string[];

/**
 * Longer searches are cut to this many characters, which bounds the pattern's size (SQLite
 * refuses a GLOB over 50,000 bytes) while no one types that much into a search box.
 */
export const MAX_SEARCH_LENGTH = 200;

/** No character above this code point has a case. */
const LAST_CASED_CODE_POINT = 0x1ffff;

let caseClasses: Map<string, string[]> | undefined;

/**
 * The search as characters to match, or null when it is blank (no search). Surrounding whitespace
 * and NUL characters are ignored. Two characters are equal ignoring case when their lower-case
 * forms are the same single character (Unicode's simple case mapping, as toLowerCase gives it).
 */
export function searchCharacters(search: string | undefined): SearchCharacter[] | null {
  // NUL is dropped: PostgreSQL cannot store it, and SQLite would read the pattern as ending there.
  const characters = [...(search?.trim() ?? "")].filter((character) => character !== "\0").slice(0, MAX_SEARCH_LENGTH);
  if (characters.length === 0) return null;
  caseClasses ??= buildCaseClasses();
  const classes = caseClasses;
  return characters.map((character) => {
    const members = classes.get(foldKey(character));
    return members ? [character, ...members.filter((member) => member !== character)] : [character];
  });
}

/** A GLOB matching any text that contains the search (SQLite; GLOB has no escape character). */
export function sqliteGlob(characters: readonly SearchCharacter[]): string {
  const globClass = (members: SearchCharacter) =>
    members.length === 1 && !"*?[".includes(members[0]!) ? members[0]! : `[${members.join("")}]`;
  return `*${characters.map(globClass).join("")}*`;
}

/** A PostgreSQL regular expression (ARE) found in any text that contains the search. */
export function postgresRegex(characters: readonly SearchCharacter[]): string {
  const escape = (character: string) => {
    const hex = character.codePointAt(0)!.toString(16);
    return hex.length <= 4 ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
  };
  return characters.map((members) => (members.length === 1 ? escape(members[0]!) : `[${members.map(escape).join("")}]`)).join("");
}

/** True when any of `texts` contains the search (the same rule, for tools that are not in the database). */
export function containsSearch(texts: readonly string[], characters: readonly SearchCharacter[]): boolean {
  const escape = (character: string) => `\\u{${character.codePointAt(0)!.toString(16)}}`;
  const source = characters.map((members) => `[${members.map(escape).join("")}]`).join("");
  const pattern = new RegExp(source, "u");
  return texts.some((text) => pattern.test(text));
}

/** The lower-case form of `character` when that is one character, else the character itself. */
function foldKey(character: string): string {
  const lower = character.toLowerCase();
  return [...lower].length === 1 ? lower : character;
}

/** Every cased character grouped under its fold key (≈1,500 groups; built once, in about 20 ms). */
function buildCaseClasses(): Map<string, string[]> {
  const classes = new Map<string, string[]>();
  for (let code = 0; code <= LAST_CASED_CODE_POINT; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const character = String.fromCodePoint(code);
    const key = foldKey(character);
    if (key === character) continue;
    const members = classes.get(key) ?? [key];
    members.push(character);
    classes.set(key, members);
  }
  return classes;
}
