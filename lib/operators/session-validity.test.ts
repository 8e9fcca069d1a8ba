import { describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_LIFETIME_MS, sessionRefusal } from "./session-validity";

const SIGNED_IN = Date.UTC(2026, 11, 1, 8, 0, 0);
const HOUR = 60 * 60 * 1000;

describe("sessionRefusal", () => {
  it.each([
    { rule: "a fresh session counts", signedInAt: SIGNED_IN, stamp: null, now: SIGNED_IN + 1, expected: null },
    { rule: "a session at exactly the absolute lifetime still counts", signedInAt: SIGNED_IN, stamp: null, now: SIGNED_IN + SESSION_ABSOLUTE_LIFETIME_MS, expected: null },
    { rule: "a session one millisecond past the absolute lifetime is expired", signedInAt: SIGNED_IN, stamp: null, now: SIGNED_IN + SESSION_ABSOLUTE_LIFETIME_MS + 1, expected: "expired" },
    { rule: "a token without signedInAt is expired (its age is unknown)", signedInAt: undefined, stamp: null, now: SIGNED_IN, expected: "expired" },
    { rule: "a signedInAt that is not a number is expired", signedInAt: "2026-12-01", stamp: null, now: SIGNED_IN, expected: "expired" },
    { rule: "a signedInAt that is NaN is expired", signedInAt: Number.NaN, stamp: null, now: SIGNED_IN, expected: "expired" },
    { rule: "a session signed in before the stamp is ended", signedInAt: SIGNED_IN, stamp: new Date(SIGNED_IN + 1), now: SIGNED_IN + HOUR, expected: "ended" },
    { rule: "a session signed in at the stamp's instant counts (re-issued with it)", signedInAt: SIGNED_IN, stamp: new Date(SIGNED_IN), now: SIGNED_IN + HOUR, expected: null },
    { rule: "a session signed in after the stamp counts", signedInAt: SIGNED_IN, stamp: new Date(SIGNED_IN - HOUR), now: SIGNED_IN + HOUR, expected: null },
    { rule: "past the lifetime wins over a stamp it predates", signedInAt: SIGNED_IN, stamp: new Date(SIGNED_IN + 1), now: SIGNED_IN + SESSION_ABSOLUTE_LIFETIME_MS + 1, expected: "expired" },
  ])("$rule", ({ signedInAt, stamp, now, expected }) => {
    expect(sessionRefusal(signedInAt, stamp, now)).toBe(expected);
  });
});
