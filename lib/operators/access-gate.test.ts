import { describe, expect, it } from "vitest";
import { actionGate, isPasswordChangePending, pageGate, PASSWORD_CHANGE_PENDING_MESSAGE, signInPath, type GateOperator } from "./access-gate";

const editor: GateOperator = { role: "editor", passwordChangePending: false };
const resetEditor: GateOperator = { role: "editor", passwordChangePending: true };
const resetAdmin: GateOperator = { role: "admin", passwordChangePending: true };
const SESSION_ENDED = "Your session has ended. Sign in again.";

describe("isPasswordChangePending", () => {
  it.each([
    { rule: "no reset: nothing pending", required: false, method: "password", expected: false },
    { rule: "a reset and a password sign-in: pending", required: true, method: "password", expected: true },
    { rule: "a reset and a single sign-on sign-in: not held up", required: true, method: "oidc", expected: false },
    { rule: "a reset and a token without the method: counts as a password sign-in", required: true, method: undefined, expected: true },
    { rule: "a reset and an unknown method: counts as a password sign-in", required: true, method: "OIDC", expected: true },
  ])("$rule", ({ required, method, expected }) => {
    expect(isPasswordChangePending(required, method)).toBe(expected);
  });
});

describe("actionGate", () => {
  it.each([
    { rule: "signed out: refused, asked to sign in", operator: null, reach: "viewer", refusal: SESSION_ENDED },
    { rule: "signed out: even the own account is refused", operator: null, reach: "own-account", refusal: SESSION_ENDED },
    { rule: "the role suffices: allowed", operator: editor, reach: "editor", refusal: null },
    { rule: "a lower role: refused, naming both", operator: editor, reach: "admin", refusal: "This needs the admin role; you are signed in as editor." },
    { rule: "the own account: allowed", operator: editor, reach: "own-account", refusal: null },
    { rule: "a pending password change refuses a viewer's action", operator: resetEditor, reach: "viewer", refusal: PASSWORD_CHANGE_PENDING_MESSAGE },
    { rule: "a pending password change refuses an admin's action, whatever the role", operator: resetAdmin, reach: "admin", refusal: PASSWORD_CHANGE_PENDING_MESSAGE },
    { rule: "a pending password change wins over a missing role", operator: resetEditor, reach: "admin", refusal: PASSWORD_CHANGE_PENDING_MESSAGE },
    { rule: "a pending password change still allows the own account", operator: resetEditor, reach: "own-account", refusal: null },
  ] as const)("$rule", ({ operator, reach, refusal }) => {
    expect(actionGate(operator, reach)).toEqual(refusal === null ? { operator } : { refusal });
  });
});

describe("pageGate", () => {
  it.each([
    { rule: "signed out: sign-in, back to the page asked for", operator: null, ownAccount: false, path: "/tools?page=2&q=x", expected: { redirectTo: "/login?callbackUrl=%2Ftools%3Fpage%3D2%26q%3Dx" } },
    { rule: "signed out on the account page: sign-in, back to it", operator: null, ownAccount: true, path: "/settings/account", expected: { redirectTo: "/login?callbackUrl=%2Fsettings%2Faccount" } },
    { rule: "signed out, page unknown: plain sign-in", operator: null, ownAccount: false, path: null, expected: { redirectTo: "/login" } },
    { rule: "signed in: the page renders", operator: editor, ownAccount: false, path: "/tools", expected: { operator: editor } },
    { rule: "a pending password change: any other page sends to the account page", operator: resetEditor, ownAccount: false, path: "/tools", expected: { redirectTo: "/settings/account" } },
    { rule: "a pending password change: the account page renders", operator: resetEditor, ownAccount: true, path: "/settings/account", expected: { operator: resetEditor } },
  ])("$rule", ({ operator, ownAccount, path, expected }) => {
    expect(pageGate(operator, ownAccount, path)).toEqual(expected);
  });
});

describe("signInPath", () => {
  it.each([
    { rule: "no page: plain sign-in", path: null, expected: "/login" },
    { rule: "the home page needs no mention", path: "/", expected: "/login" },
    { rule: "a page and its query are kept", path: "/audit?page=2", expected: "/login?callbackUrl=%2Faudit%3Fpage%3D2" },
    { rule: "a path that would leave the site falls back to the default page", path: "//evil.example/x", expected: "/login?callbackUrl=%2F" },
    { rule: "a crafted header that is not a path falls back to the default page", path: "https://evil.example/", expected: "/login?callbackUrl=%2F" },
  ])("$rule", ({ path, expected }) => {
    expect(signInPath(path)).toBe(expected);
  });
});
