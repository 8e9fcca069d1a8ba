import bcrypt from "bcryptjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { createUser, setUserActive } from "../users";
import { listAuditEvents } from "../../audit/audit-log";
import { lockedOutCode } from "./sign-in-errors";
import { checkPassword, signInWithPassword } from "./password-sign-in";
import { ACCOUNT_POLICY, accountFailures } from "./sign-in-throttle";
import { sampleValue, scrapeProcessMetrics } from "../../observability/test-support/prometheus-text";

const targets = await databaseTargets();
const PASSWORD = "correct horse battery";

describe.each(targets)("password sign-in on $name", (target) => {
  const db = useTestDatabase(target);
  afterEach(() => vi.restoreAllMocks());

  async function operator(password = PASSWORD) {
    return createUser({ email: "ana@example.com", name: "Ana", role: "editor", password }, SYSTEM_ACTOR);
  }

  it("accepts the right password, with the e-mail in any case", async () => {
    const user = await operator();
    expect(await checkPassword(" ANA@example.com", PASSWORD)).toEqual({ id: user.id, email: "ana@example.com", name: "Ana" });
  });

  it.each([
    ["a wrong password", "ana@example.com", "wrong horse battery"],
    ["an unknown e-mail", "bo@example.com", PASSWORD],
    ["an empty password", "ana@example.com", ""],
  ])("refuses %s", async (_case, email, password) => {
    await operator();
    expect(await checkPassword(email, password)).toBeNull();
  });

  it("refuses a deactivated operator's right password", async () => {
    const user = await operator();
    await setUserActive(user.id, false, SYSTEM_ACTOR);
    expect(await checkPassword("ana@example.com", PASSWORD)).toBeNull();
  });

  it("refuses input over 72 bytes without hashing it, even when its first 72 bytes are the password", async () => {
    const exact = "x".repeat(72);
    await operator(exact);
    const compare = vi.spyOn(bcrypt, "compare");
    // bcrypt would ignore the 73rd byte and call this a match.
    expect(await checkPassword("ana@example.com", `${exact}y`)).toBeNull();
    expect(compare).not.toHaveBeenCalled();
    expect(await checkPassword("ana@example.com", exact)).not.toBeNull();
  });

  describe("throttled and audited", () => {
    const waits: number[] = [];
    const wait = async (ms: number) => void waits.push(ms);
    const attempt = (password: string, email = "ana@example.com", clientAddress = "203.0.113.7") =>
      signInWithPassword({ email, password, clientAddress }, wait);

    it("signs in, audits it with the address, and forgets earlier failures", async () => {
      const user = await operator();
      await attempt("wrong-1");
      await attempt("wrong-2");
      expect(await attempt(PASSWORD)).toEqual({ ok: true, user: { id: user.id, email: "ana@example.com", name: "Ana" } });
      expect(await accountFailures.state("ana@example.com")).toEqual({ failures: 0, lockedForMs: 0 });
      const events = (await listAuditEvents({ targetName: "ana@example.com" })).events.filter((event) => event.action.startsWith("auth."));
      expect(events.map((event) => event.action)).toEqual(["auth.sign_in", "auth.sign_in_failed", "auth.sign_in_failed"]);
      expect(events[0]).toMatchObject({ actorEmail: "ana@example.com", targetId: user.id, after: { address: "203.0.113.7" } });
      expect(events[1]).toMatchObject({ actorEmail: "anonymous", targetType: "user", after: { reason: "wrong e-mail or password", failures: 2, address: "203.0.113.7" } });
      expect(JSON.stringify(events)).not.toMatch(/wrong-|correct horse/);
    });

    it("delays growing failures, and locks the account at the tenth, the right password included", async () => {
      await operator();
      const before = await scrapeProcessMetrics();
      waits.length = 0;
      for (let failure = 1; failure < ACCOUNT_POLICY.limit; failure++) expect(await attempt(`wrong-${failure}`)).toEqual({ ok: false, lockedUntil: null });
      expect(waits).toEqual([0, 0, 200, 400, 800, 1600, 2000, 2000, 2000]);

      const tenthAt = Date.now();
      const tenth = await attempt("wrong-10");
      expect(tenth.ok).toBe(false);
      const lockedUntil = (tenth as { lockedUntil: Date }).lockedUntil.getTime();
      expect(lockedUntil).toBeGreaterThanOrEqual(tenthAt + ACCOUNT_POLICY.lockSeconds * 1000 - 5_000);
      expect(lockedUntil).toBeLessThanOrEqual(Date.now() + ACCOUNT_POLICY.lockSeconds * 1000);

      const compare = vi.spyOn(bcrypt, "compare");
      const rightDuringLock = await attempt(PASSWORD);
      expect(rightDuringLock).toMatchObject({ ok: false, lockedUntil: expect.any(Date) });
      expect(compare).not.toHaveBeenCalled();
      expect(lockedOutCode((rightDuringLock as { lockedUntil: Date }).lockedUntil)).toMatch(/^SignInLocked:/);
      // Another account, from another address, is not affected.
      await createUser({ email: "bo@example.com", name: "Bo", role: "viewer", password: PASSWORD }, SYSTEM_ACTOR);
      compare.mockRestore();
      expect((await attempt(PASSWORD, "bo@example.com", "198.51.100.1")).ok).toBe(true);

      const { events } = await listAuditEvents({ action: "auth.sign_in_failed", targetName: "ana@example.com" });
      expect(events).toHaveLength(11);
      expect(events[0]?.after).toEqual({ reason: "locked", address: "203.0.113.7" });

      // The same story in the metrics: ten wrong passwords, one lockout, one attempt refused while locked.
      const after = await scrapeProcessMetrics();
      const moved = (name: string, labels: Record<string, string> = {}) => sampleValue(after, name, labels) - sampleValue(before, name, labels);
      expect(moved("quiver_sign_in_failures_total", { method: "password", reason: "wrong_credentials" })).toBe(10);
      expect(moved("quiver_sign_in_lockouts_total")).toBe(1);
      expect(moved("quiver_sign_in_failures_total", { method: "password", reason: "locked_out" })).toBe(1);
    });

    it("keeps a counter key and an audit entry short whatever is typed as the e-mail", async () => {
      const typed = `${"a".repeat(100_000)}@example.com`;
      expect(await attempt("whatever", typed)).toEqual({ ok: false, lockedUntil: null });
      const [row] = await db().rateLimiterFlexible.findMany({ where: { key: { startsWith: "sign-in:account:" } } });
      expect(row!.key.length).toBeLessThan(400);
      const { events } = await listAuditEvents({ action: "auth.sign_in_failed" });
      expect(events[0]!.targetName).toHaveLength(320);
    });

    it("counts unknown e-mails like known ones (no hint which exist)", async () => {
      await operator();
      const unknown = await attempt("whatever-1", "nobody@example.com");
      const known = await attempt("whatever-1");
      expect(unknown).toEqual(known);
      expect((await accountFailures.state("nobody@example.com")).failures).toBe(1);
    });

    it("locks out an address after its generous limit, across accounts", async () => {
      await operator();
      // Over-long passwords fail without hashing: a hundred failures stay quick.
      for (let failure = 0; failure < 100; failure++) await attempt("x".repeat(73), `user-${failure % 20}@example.com`, "192.0.2.9");
      expect((await attempt(PASSWORD, "ana@example.com", "192.0.2.9")).ok).toBe(false);
      expect((await attempt(PASSWORD, "ana@example.com", "192.0.2.10")).ok).toBe(true);
    }, 60_000);
  });
});
