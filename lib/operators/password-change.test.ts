import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError, ValidationError } from "../errors";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { createUser, getUserById } from "./users";
import { checkPassword } from "./sign-in/password-sign-in";
import { changeOwnPassword } from "./password-change";
import { ACCOUNT_POLICY, accountFailures } from "./sign-in/sign-in-throttle";

const targets = await databaseTargets();
const CURRENT = "current-password-1";

describe.each(targets)("own password change on $name", (target) => {
  useTestDatabase(target);

  async function operator() {
    const user = await createUser({ email: "ana@example.com", name: "Ana", role: "editor", password: CURRENT }, SYSTEM_ACTOR);
    return { id: user.id, email: user.email };
  }

  /** The attempt's validation issues, after checking that nothing changed. */
  async function issuesOf(attempt: Promise<unknown>, id: string): Promise<{ path: string; message: string }[]> {
    const error = await attempt.then(() => null, (reason: unknown) => reason);
    expect(error).toBeInstanceOf(ValidationError);
    expect(await checkPassword("ana@example.com", CURRENT)).not.toBeNull();
    expect((await getUserById(id))?.sessionsValidAfter).toBeNull();
    return [...(error as ValidationError).issues];
  }

  it("with the right current password, sets the new one and stamps the sessions", async () => {
    const ana = await operator();
    const ended = await changeOwnPassword(ana, { currentPassword: CURRENT, newPassword: "brand-new-password", confirmPassword: "brand-new-password" });
    expect(await checkPassword("ana@example.com", "brand-new-password")).not.toBeNull();
    expect(await checkPassword("ana@example.com", CURRENT)).toBeNull();
    expect((await getUserById(ana.id))?.sessionsValidAfter).toEqual(ended.sessionsValidAfter);
  });

  it.each([
    { refusal: "a wrong current password", change: { currentPassword: "not-the-password", newPassword: "brand-new-password", confirmPassword: "brand-new-password" }, expected: [{ path: "currentPassword", message: "is not your current password" }] },
    { refusal: "an empty current password", change: { currentPassword: "", newPassword: "brand-new-password", confirmPassword: "brand-new-password" }, expected: [{ path: "currentPassword", message: "is required" }] },
    { refusal: "a short new password", change: { currentPassword: CURRENT, newPassword: "short", confirmPassword: "short" }, expected: [{ path: "newPassword", message: "must be at least 8 characters long" }] },
    { refusal: "a new password over 72 bytes", change: { currentPassword: CURRENT, newPassword: "ü".repeat(37), confirmPassword: "ü".repeat(37) }, expected: [{ path: "newPassword", message: expect.stringContaining("at most 72 bytes") }] },
    { refusal: "a repeat that does not match", change: { currentPassword: CURRENT, newPassword: "brand-new-password", confirmPassword: "brand-new-passw0rd" }, expected: [{ path: "confirmPassword", message: "does not match the new password" }] },
    { refusal: "the same password again", change: { currentPassword: CURRENT, newPassword: CURRENT, confirmPassword: CURRENT }, expected: [{ path: "newPassword", message: "must differ from your current password" }] },
  ])("refuses $refusal, changing nothing", async ({ change, expected }) => {
    const ana = await operator();
    expect(await issuesOf(changeOwnPassword(ana, change), ana.id)).toEqual(expected);
  });

  it("counts a wrong current password as a failed sign-in, and refuses even the right one once the account is locked", async () => {
    const ana = await operator();
    await issuesOf(changeOwnPassword(ana, { currentPassword: "guess-1", newPassword: "brand-new-password", confirmPassword: "brand-new-password" }), ana.id);
    expect((await accountFailures.state(ana.email)).failures).toBe(1);
    for (let failure = 1; failure < ACCOUNT_POLICY.limit; failure += 1) await accountFailures.fail(ana.email);

    const locked = await changeOwnPassword(ana, { currentPassword: CURRENT, newPassword: "brand-new-password", confirmPassword: "brand-new-password" }).then(() => null, (reason: unknown) => reason);
    expect(locked).toBeInstanceOf(ConflictError);
    expect((locked as Error).message).toMatch(/^Too many failed sign-ins: signing in is locked until \d\d:\d\d UTC/);
    expect(await checkPassword("ana@example.com", "brand-new-password")).toBeNull();
  });
});
