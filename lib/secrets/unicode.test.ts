import { describe, expect, it } from "vitest";
import { isWellFormedText } from "./unicode";

describe("isWellFormedText", () => {
  it.each([
    ["empty", "", true],
    ["ASCII", "token", true],
    ["surrogate pair", "a😀b", true],
    ["lone high surrogate", "a\ud83d", false],
    ["lone low surrogate", "\ude00b", false],
    ["reversed pair", "\ude00\ud83d", false],
  ])("%s", (_rule, text, expected) => {
    expect(isWellFormedText(text)).toBe(expected);
  });
});
