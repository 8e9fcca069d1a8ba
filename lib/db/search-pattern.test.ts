import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { containsSearch, MAX_SEARCH_LENGTH, postgresRegex, searchCharacters, sqliteGlob } from "./search-pattern";

/** The search run against one text (the engines' own tests are in tool-listing.test.ts). */
function finds(text: string, search: string): boolean {
  const characters = searchCharacters(search);
  return characters === null || containsSearch([text], characters);
}

describe("searchCharacters", () => {
  it("is null for a missing, empty or blank search", () => {
    for (const search of [undefined, "", "   ", "\0"]) expect(searchCharacters(search)).toBeNull();
  });

  it("pairs each character with every character equal to it ignoring case, itself first", () => {
    expect(searchCharacters(" Öl_ ")).toEqual([["Ö", "ö"], ["l", "L"], ["_"]]);
    // Kelvin sign and Ångström sign lower-case to k and å, so they join those classes.
    expect(searchCharacters("k")).toEqual([["k", "K", "\u212a"]]);
    expect(searchCharacters("\u212b")).toEqual([["\u212b", "å", "Å"]]);
    expect(searchCharacters("ẞ")).toEqual([["ẞ", "ß"]]);
  });

  it(`keeps the first ${MAX_SEARCH_LENGTH} characters, counting code points`, () => {
    expect(searchCharacters("😀".repeat(MAX_SEARCH_LENGTH + 5))).toHaveLength(MAX_SEARCH_LENGTH);
  });
});

describe("the patterns", () => {
  it.each([
    { search: "öl", glob: "*[öÖ][lL]*", regex: "[\\u00f6\\u00d6][\\u006c\\u004c]" },
    { search: "50%_", glob: "*50%_*", regex: "\\u0035\\u0030\\u0025\\u005f" },
    { search: "*?[]^-\\", glob: "*[*][?][[]]^-\\*", regex: "\\u002a\\u003f\\u005b\\u005d\\u005e\\u002d\\u005c" },
    { search: "𝔸", glob: "*𝔸*", regex: "\\U0001d538" },
  ])("$search → GLOB $glob, regex $regex", ({ search, glob, regex }) => {
    const characters = searchCharacters(search)!;
    expect(sqliteGlob(characters)).toBe(glob);
    expect(postgresRegex(characters)).toBe(regex);
  });
});

describe("containsSearch", () => {
  it.each<[string, string, string, boolean]>([
    ["a part of the text in another case", "Ölpreise für Öfen", "ÖLPREISE", true],
    ["non-ASCII lower case against upper", "ÖLPREISE", "ölpreise", true],
    ["a percent sign, literally", "100% sure", "0% s", true],
    ["a percent sign is no wildcard", "100 x sure", "0% s", false],
    ["an underscore is no wildcard", "a-b", "a_b", false],
    ["a question mark is no wildcard", "ab", "?", false],
    ["brackets are literal", "see [beta]", "[BETA]", true],
    ["text spanning two texts", "weather", "weather current", false],
  ])("answers %s", (_label, text, search, expected) => {
    expect(finds(text, search)).toBe(expected);
  });

  it("is true when any of the texts contains the search", () => {
    expect(containsSearch(["get_weather", "Current weather."], searchCharacters("CURRENT")!)).toBe(true);
  });

  // Characters whose lower case is one context-free character, so toLowerCase is the reference.
  const alphabet = fc.constantFrom(..."aAbBkK\u212aöÖßẞ_%*?[]\\^- .");
  const text = fc.array(alphabet, { maxLength: 12 }).map((characters) => characters.join(""));

  it("agrees with comparing lower-case forms", () => {
    fc.assert(
      fc.property(text, text, (haystack, search) => {
        expect(finds(haystack, search)).toBe(haystack.toLowerCase().includes(search.trim().toLowerCase()));
      }),
    );
  });
});
