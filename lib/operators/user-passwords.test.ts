import bcrypt from "bcryptjs";
import { describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { listAuditEvents } from "../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator } from "../db/test-support/fixtures";
import { dumpText, dumpAllTables, refusalChecker } from "../db/test-support/raw-rows";
import { endUserSessions, hashPassword, resetUserPassword, setUserPassword } from "./user-passwords";
import { findUserForSignIn, getUserById } from "./users";

const targets = await databaseTargets();

it("hashes passwords with bcrypt at cost 12 (tests hash cheaper: lib/test-setup.ts)", async () => {
  const hash = vi.spyOn(bcrypt, "hash");
  const stored = await hashPassword("a-password-to-hash");
  expect(hash).toHaveBeenCalledWith("a-password-to-hash", 12);
  expect(await bcrypt.compare("a-password-to-hash", stored)).toBe(true);
  hash.mockRestore();
});

describe.each(targets)("passwords and sessions on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  async function stampOf(id: string): Promise<Date | null> {
    return (await getUserById(id))!.sessionsValidAfter;
  }

  it("a password change stores the new hash, ends every session and audits no password", async () => {
    const user = await insertOperator(db(), "c@example.com", "viewer");
    const before = Date.now();
    const ended = await setUserPassword(user.id!, "second-password", user);

    expect(ended.email).toBe("c@example.com");
    expect(ended.sessionsValidAfter.getTime()).toBeGreaterThanOrEqual(before);
    expect(await stampOf(user.id!)).toEqual(ended.sessionsValidAfter);
    const signIn = await findUserForSignIn("c@example.com");
    expect(await bcrypt.compare("second-password", signIn!.passwordHash)).toBe(true);
    const { events } = await listAuditEvents({ action: "user.password" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorEmail: "c@example.com", targetName: "c@example.com", after: { passwordChanged: true, sessionsEnded: true } });
    expect(JSON.stringify(events)).not.toContain("second-password");
  });

  it("an admin's reset generates a password that signs in, ends the operator's sessions and keeps the password out of the trail", async () => {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    const user = await insertOperator(db(), "d@example.com", "editor");
    const { password, sessionsValidAfter } = await resetUserPassword(user.id!, admin);

    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await stampOf(user.id!)).toEqual(sessionsValidAfter);
    expect(await bcrypt.compare(password, (await findUserForSignIn("d@example.com"))!.passwordHash)).toBe(true);
    const { events } = await listAuditEvents({ action: "user.password_reset" });
    expect(events[0]).toMatchObject({ actorEmail: "root@example.com", targetName: "d@example.com", after: { passwordReset: true, sessionsEnded: true } });
    expect(dumpText(await dumpAllTables(db(), target.name))).not.toContain(password);
    // Each reset is a new password.
    expect((await resetUserPassword(user.id!, admin)).password).not.toBe(password);
  });

  it("a reset makes the operator choose a new password; only their own change clears it", async () => {
    const admin = await insertOperator(db(), "root@example.com", "admin");
    const user = await insertOperator(db(), "f@example.com", "viewer");
    const required = async () => (await getUserById(user.id!))!.passwordChangeRequired;
    expect(await required()).toBe(false);

    await resetUserPassword(user.id!, admin);
    expect(await required()).toBe(true);
    const { events } = await listAuditEvents({ action: "user.password_reset" });
    expect(events[0]!.after).toEqual({ passwordReset: true, sessionsEnded: true, passwordChangeRequired: true });
    await endUserSessions(user.id!, user);
    expect(await required()).toBe(true);
    await refused(() => setUserPassword(user.id!, "short", user), ValidationError);
    expect(await required()).toBe(true);

    await setUserPassword(user.id!, "chosen-by-me-1", user);
    expect(await required()).toBe(false);
  });

  it("sign out everywhere moves the stamp forward and leaves the password as it was", async () => {
    const user = await insertOperator(db(), "e@example.com", "viewer");
    const hash = (await findUserForSignIn("e@example.com"))!.passwordHash;
    const first = await endUserSessions(user.id!, user);
    const second = await endUserSessions(user.id!, user);

    expect(second.sessionsValidAfter.getTime()).toBeGreaterThanOrEqual(first.sessionsValidAfter.getTime());
    expect(await stampOf(user.id!)).toEqual(second.sessionsValidAfter);
    expect((await findUserForSignIn("e@example.com"))!.passwordHash).toBe(hash);
    const actions = (await listAuditEvents({ targetType: "user" })).events.map((event) => event.action);
    expect(actions).toEqual(["user.sign_out_everywhere", "user.sign_out_everywhere"]);
  });

  it.each([
    { refusal: "a password for an unknown id", attempt: () => setUserPassword("missing", "long-enough-1", SYSTEM_ACTOR), expected: NotFoundError },
    { refusal: "a short password", attempt: (existing: string) => setUserPassword(existing, "short", SYSTEM_ACTOR), expected: ValidationError },
    { refusal: "a password over 72 bytes", attempt: (existing: string) => setUserPassword(existing, "ü".repeat(40), SYSTEM_ACTOR), expected: ValidationError },
    { refusal: "a reset of an unknown id", attempt: () => resetUserPassword("missing", SYSTEM_ACTOR), expected: NotFoundError },
    { refusal: "a reset of your own password", attempt: (existing: string) => resetUserPassword(existing, { id: existing, email: "existing@example.com" }), expected: ConflictError },
    { refusal: "ending the sessions of an unknown id", attempt: () => endUserSessions("missing", SYSTEM_ACTOR), expected: NotFoundError },
  ])("refuses $refusal, writing nothing (no stamp either)", async ({ attempt, expected }) => {
    const existing = await insertOperator(db(), "existing@example.com", "admin");
    await refused(() => attempt(existing.id!), expected);
    expect(await stampOf(existing.id!)).toBeNull();
  });
});
