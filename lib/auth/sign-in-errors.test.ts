import { describe, expect, it } from "vitest";
import { describeSignInError, WRONG_CREDENTIALS } from "./sign-in-errors";

describe("describeSignInError", () => {
  it.each([
    ["", undefined],
    ["CredentialsSignin", WRONG_CREDENTIALS],
    ["AccessDenied", expect.stringMatching(/Ask an admin to add your verified e-mail/)],
    ["OAuthCallback", expect.stringMatching(/Single sign-on failed/)],
  ])("%j", (code, expected) => {
    expect(describeSignInError(code)).toEqual(expected);
  });
});
