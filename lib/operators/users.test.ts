import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { listAuditEvents } from "../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator } from "../db/test-support/fixtures";
import { refusalChecker } from "../db/test-support/raw-rows";
import {
  changeUserRole,
  createUser,
  findUserForSignIn,
  getUserById,
  setUserActive,
} from "./users";

const targets = await databaseTargets();

describe.each(targets)("users on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  it("creates an operator with a normalised e-mail and a bcrypt hash, and audits it", async () => {
    const user = await createUser({ email: "  Ana@Example.COM ", name: "Ana", role: "editor", password: "correct horse" }, SYSTEM_ACTOR);
    expect(user).toMatchObject({ email: "ana@example.com", name: "Ana", role: "editor", active: true });
    expect(Object.keys(user)).not.toContain("passwordHash");

    const signIn = await findUserForSignIn("ANA@example.com");
    expect(signIn?.id).toBe(user.id);
    expect(await bcrypt.compare("correct horse", signIn!.passwordHash)).toBe(true);
    expect(signIn!.passwordHash).not.toContain("correct horse");

    const { events } = await listAuditEvents({ targetType: "user" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: "user.create", actorEmail: "system", targetName: "ana@example.com" });
    expect(JSON.stringify(events[0])).not.toContain("correct horse");
    expect(JSON.stringify(events[0])).not.toContain(signIn!.passwordHash);
  });

  it("refuses a duplicate e-mail (case-insensitively) and leaves no second row", async () => {
    await createUser({ email: "bo@example.com", name: "Bo", role: "viewer", password: "password-1" }, SYSTEM_ACTOR);
    await refused(
      () => createUser({ email: "BO@example.com", name: "Bo 2", role: "admin", password: "password-2" }, SYSTEM_ACTOR),
      ConflictError,
    );
  });

  it.each([
    { input: { email: "not-an-email", name: "X", password: "long enough" }, path: "email" },
    { input: { email: "x@example.com", name: "  ", password: "long enough" }, path: "name" },
    { input: { email: "x@example.com", name: "X", password: "short" }, path: "password" },
    // bcrypt reads 72 bytes: a longer password would be accepted with only its beginning checked.
    { input: { email: "x@example.com", name: "X", password: "p".repeat(73) }, path: "password" },
    { input: { email: "x@example.com", name: "X", password: "é".repeat(37) }, path: "password" },
  ])("refuses a bad $path, writing nothing", async ({ input, path }) => {
    await insertOperator(db(), "existing@example.com");
    const error = await refused(() => createUser({ ...input, role: "viewer" }, SYSTEM_ACTOR), ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([path]);
  });

  it("changes roles and status, and guards the last active admin", async () => {
    const admin = await createUser({ email: "root@example.com", name: "Root", role: "admin", password: "password-1" }, SYSTEM_ACTOR);
    const actor = { id: admin.id, email: admin.email };

    await refused(() => changeUserRole(admin.id, "editor", actor), /last active admin/);
    await refused(() => setUserActive(admin.id, false, actor), ConflictError);

    const second = await createUser({ email: "two@example.com", name: "Two", role: "viewer", password: "password-2" }, actor);
    expect((await changeUserRole(second.id, "admin", actor)).role).toBe("admin");
    expect((await changeUserRole(admin.id, "editor", actor)).role).toBe("editor");
    // `second` is now the only active admin.
    await refused(() => setUserActive(second.id, false, actor), /last active admin/);

    expect((await setUserActive(admin.id, false, actor)).active).toBe(false);
    expect((await getUserById(admin.id))?.active).toBe(false);
    const actions = (await listAuditEvents({ targetType: "user" })).events.map((event) => event.action);
    expect(actions).toEqual(["user.deactivate", "user.role", "user.role", "user.create", "user.create"]);
  });

  it("keeps one admin when two admins are deactivated together", async () => {
    const first = await insertOperator(db(), "first@example.com", "admin");
    const second = await insertOperator(db(), "second@example.com", "admin");
    const results = await Promise.allSettled([
      setUserActive(first.id!, false, SYSTEM_ACTOR),
      setUserActive(second.id!, false, SYSTEM_ACTOR),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [rejected] = results.filter((result) => result.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(ConflictError);
    expect(await db().user.count({ where: { role: "admin", active: true } })).toBe(1);
  });

  it("does not count an inactive admin as the other admin", async () => {
    const active = await createUser({ email: "a@example.com", name: "A", role: "admin", password: "password-1" }, SYSTEM_ACTOR);
    const other = await createUser({ email: "b@example.com", name: "B", role: "admin", password: "password-2" }, SYSTEM_ACTOR);
    await setUserActive(other.id, false, SYSTEM_ACTOR);
    await refused(() => changeUserRole(active.id, "viewer", SYSTEM_ACTOR), ConflictError);
  });

  it("ends a deactivated operator's sessions, and activating them again does not bring those back", async () => {
    const user = await insertOperator(db(), "leaver@example.com", "viewer");
    expect((await getUserById(user.id!))?.sessionsValidAfter).toBeNull();
    const before = Date.now();
    const deactivated = await setUserActive(user.id!, false, SYSTEM_ACTOR);
    expect(deactivated.sessionsValidAfter!.getTime()).toBeGreaterThanOrEqual(before);
    const reactivated = await setUserActive(user.id!, true, SYSTEM_ACTOR);
    expect(reactivated.sessionsValidAfter).toEqual(deactivated.sessionsValidAfter);
  });

  it("leaves sessions alone on a role change", async () => {
    const user = await insertOperator(db(), "mover@example.com", "viewer");
    expect((await changeUserRole(user.id!, "editor", SYSTEM_ACTOR)).sessionsValidAfter).toBeNull();
  });

  it.each([
    { refusal: "a role for an unknown id", attempt: () => changeUserRole("missing", "admin", SYSTEM_ACTOR), expected: NotFoundError },
    { refusal: "a status for an unknown id", attempt: () => setUserActive("missing", false, SYSTEM_ACTOR), expected: NotFoundError },
  ])("refuses $refusal, writing nothing", async ({ attempt, expected }) => {
    await insertOperator(db(), "existing@example.com", "admin");
    await refused(attempt, expected);
  });

  it("accepts a password of exactly 72 bytes and says why a longer one is refused", async () => {
    await createUser({ email: "long@example.com", name: "Long", role: "viewer", password: "€".repeat(24) }, SYSTEM_ACTOR);
    const error = await refused(
      () => createUser({ email: "longer@example.com", name: "Longer", role: "viewer", password: "€".repeat(24) + "x" }, SYSTEM_ACTOR),
      ValidationError,
    );
    expect((error as ValidationError).issues).toEqual([
      { path: "password", message: "must be at most 72 bytes (about 72 letters, fewer with accents or symbols): only that much is checked at sign-in" },
    ]);
  });

  it("answers unknown ids and e-mails with null", async () => {
    expect(await getUserById("missing")).toBeNull();
    expect(await findUserForSignIn("nobody@example.com")).toBeNull();
  });
});
