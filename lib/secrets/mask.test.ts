import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMask, maskSecret, MASK_PREFIX } from "./mask";

describe("maskSecret", () => {
  it.each([
    ["empty", "", "••••"],
    ["one character", "a", "••••"],
    ["11 characters: nothing shown", "abcdefghijk", "••••"],
    ["12 characters: last 4 shown", "abcdefghijkl", "••••ijkl"],
    ["long token", "qvr_live_7Hk2pXw9Lm4QzR8tN3vB6cYd", "••••6cYd"],
    ["11 code points in 13 UTF-16 units: nothing shown", "abcdefghi😀😀", "••••"],
    ["astral tail is not split", "abcdefghij😀😀", "••••ij😀😀"],
  ])("%s", (_rule, secret, mask) => {
    expect(maskSecret(secret)).toBe(mask);
  });

  it("reveals at most the last 4 characters, and is recognised as a mask", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (secret) => {
        const mask = maskSecret(secret);
        const tail = Array.from(mask).slice(Array.from(MASK_PREFIX).length).join("");
        expect(mask.startsWith(MASK_PREFIX)).toBe(true);
        expect(Array.from(tail).length).toBeLessThanOrEqual(4);
        expect(secret.endsWith(tail)).toBe(true);
        expect(isMask(mask)).toBe(true);
      }),
    );
  });
});

describe("isMask", () => {
  it.each([
    ["prefix alone", "••••", true],
    ["prefix and 4 characters", "••••abcd", true],
    ["prefix and an astral tail", "••••ab😀😀", true],
    ["prefix and 5 characters", "••••abcde", false],
    ["three bullets", "•••abc", false],
    ["a value", "abcdefgh", false],
    ["empty", "", false],
    ["prefix later in the value", "x••••", false],
  ])("%s → %s", (_rule, value, expected) => {
    expect(isMask(value)).toBe(expected);
  });
});
