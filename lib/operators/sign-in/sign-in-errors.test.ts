import { describe, expect, it } from "vitest";
import { describePasswordSignInError, describeSignInError, lockedOutCode, WRONG_CREDENTIALS } from "./sign-in-errors";

describe("describeSignInError", () => {
  it.each([
    ["", undefined],
    ["CredentialsSignin", WRONG_CREDENTIALS],
    ["AccessDenied", expect.stringMatching(/no active operator is linked to it\. Check you chose the right account, or ask an admin to add your verified e-mail/)],
    ["OAuthCallback", expect.stringMatching(/Single sign-on failed/)],
    ["SignInLocked:2026-12-01T03:52:10.000Z", "Too many failed sign-ins: signing in is locked until 03:53 UTC. Try again then, or ask an admin."],
    ["SignInLocked:2026-12-01T23:59:00.000Z", "Too many failed sign-ins: signing in is locked until 23:59 UTC. Try again then, or ask an admin."],
    ["SignInLocked:garbage", "Too many failed sign-ins: signing in is locked for a while. Try again later, or ask an admin."],
  ])("%j", (code, expected) => {
    expect(describeSignInError(code)).toEqual(expected);
  });

  it("reads back the code a lockout is reported with", () => {
    const code = lockedOutCode(new Date("2026-12-01T10:04:00.000Z"));
    expect(code).toBe("SignInLocked:2026-12-01T10:04:00.000Z");
    expect(describeSignInError(code)).toMatch(/locked until 10:04 UTC/);
  });
});

describe("describePasswordSignInError", () => {
  it.each([
    ["CredentialsSignin", WRONG_CREDENTIALS],
    [null, WRONG_CREDENTIALS],
    ["Callback", WRONG_CREDENTIALS],
    ["SignInLocked:2026-12-01T10:04:00.000Z", expect.stringMatching(/^Too many failed sign-ins: signing in is locked until 10:04 UTC/)],
  ])("%j", (code, expected) => {
    expect(describePasswordSignInError(code)).toEqual(expected);
  });
});
