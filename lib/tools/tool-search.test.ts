import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesToolSearch } from "./tool-search";

const weather = { name: "get_weather", description: "Current weather for a city." };

describe("matchesToolSearch", () => {
  it.each<[string, string | undefined, boolean]>([
    ["no search", undefined, true],
    ["a blank search", "  ", true],
    ["part of the name, in another case", "WEATHER", true],
    ["part of the description", "for a CITY", true],
    ["a search with spaces around it", "  get_ ", true],
    ["text in neither", "sms", false],
    ["text spanning the name and the description", "weather current", false],
  ])("answers %s", (_label, search, expected) => {
    expect(matchesToolSearch(weather, search)).toBe(expected);
  });

  // ASCII text, so changing case is reversible; "#" is kept out to build a search that cannot match.
  const text = fc.string({ unit: "grapheme-ascii" }).filter((value) => !value.includes("#"));

  it("finds any piece of the name or the description, in any case", () => {
    fc.assert(
      fc.property(text, text, fc.boolean(), fc.nat(), fc.nat(), (name, description, inName, from, length) => {
        const field = inName ? name : description;
        const start = from % (field.length + 1);
        const piece = field.slice(start, start + length);
        expect(matchesToolSearch({ name, description }, piece.toUpperCase())).toBe(true);
        expect(matchesToolSearch({ name, description }, `${piece}#`)).toBe(false);
      }),
    );
  });
});
