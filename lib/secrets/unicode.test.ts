import { describe, expect, it } from "vitest";
import { isWellFormedText, toWellFormedText } from "./unicode";

describe("isWellFormedText and toWellFormedText", () => {
  it.each([
    ["empty", "", true, ""],
    ["ASCII", "token", true, "token"],
    ["surrogate pair", "a😀b", true, "a😀b"],
    ["lone high surrogate", "a\ud83d", false, "a\ufffd"],
    ["lone low surrogate", "\ude00b", false, "\ufffdb"],
    ["reversed pair", "\ude00\ud83d", false, "\ufffd\ufffd"],
    ["a pair between lone halves", "\ud83d\ud83d\ude00\ude00", false, "\ufffd😀\ufffd"],
  ])("%s", (_rule, text, wellFormed, replaced) => {
    expect(isWellFormedText(text)).toBe(wellFormed);
    expect(isWellFormedText(text)).toBe(wellFormed);
    expect(toWellFormedText(text)).toBe(replaced);
    expect(isWellFormedText(toWellFormedText(text))).toBe(true);
  });
});
