/**
 * Failure counters in the shared rate_limits table (rate-limiter-flexible's Prisma store through
 * our driver-adapter client), on SQLite and PostgreSQL: counting, locking at the limit with the
 * time left, separate keys and prefixes, clearing, and a new window once the old one expired.
 */
import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "./test-support/databases";
import { failureCounter } from "./rate-limits";

const targets = await databaseTargets();

describe.each(targets)("failure counters on $name", (target) => {
  const db = useTestDatabase(target);
  const policy = { limit: 3, windowSeconds: 900, lockSeconds: 600 };

  it("counts failures per key and locks at the limit, saying for how long", async () => {
    const counter = failureCounter("test-account", policy);
    expect(await counter.state("ana")).toEqual({ failures: 0, lockedForMs: 0 });
    expect((await counter.fail("ana")).failures).toBe(1);
    expect(await counter.fail("ana")).toMatchObject({ failures: 2, lockedForMs: 0 });
    const locked = await counter.fail("ana");
    expect(locked.failures).toBe(3);
    expect(locked.lockedForMs).toBeGreaterThan(590_000);
    expect(locked.lockedForMs).toBeLessThanOrEqual(600_000);
    expect((await counter.state("ana")).lockedForMs).toBeGreaterThan(590_000);
    // Other keys and other counters are untouched.
    expect(await counter.state("bo")).toEqual({ failures: 0, lockedForMs: 0 });
    expect(await failureCounter("test-address", policy).state("ana")).toEqual({ failures: 0, lockedForMs: 0 });
    // One row per key, in the shared table.
    const rows = await db().rateLimiterFlexible.findMany();
    expect(rows.map((row) => row.key)).toEqual(["test-account:ana"]);
  });

  it("keeps the lock when more failures come in", async () => {
    const counter = failureCounter("test-account", policy);
    for (let attempt = 0; attempt < 5; attempt++) await counter.fail("ana");
    expect((await counter.state("ana")).lockedForMs).toBeGreaterThan(590_000);
  });

  it("forgets a key's failures when cleared", async () => {
    const counter = failureCounter("test-account", policy);
    await counter.fail("ana");
    await counter.clear("ana");
    expect(await counter.state("ana")).toEqual({ failures: 0, lockedForMs: 0 });
    expect(await db().rateLimiterFlexible.count()).toBe(0);
  });

  it("starts a new window once the stored one has expired", async () => {
    const counter = failureCounter("test-account", policy);
    await db().rateLimiterFlexible.create({ data: { key: "test-account:ana", points: 99, expire: new Date(Date.now() - 1000) } });
    expect(await counter.state("ana")).toEqual({ failures: 0, lockedForMs: 0 });
    expect(await counter.fail("ana")).toEqual({ failures: 1, lockedForMs: 0 });
  });
});
