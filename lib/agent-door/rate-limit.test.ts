/**
 * The per-key limit's two modes on SQLite and PostgreSQL: far from the limit calls are added to
 * the stored counter in batches (not one write per call); near it every call is counted in the
 * database first, so the allowance is exact, including calls another instance stored.
 */
import { describe, expect, it, vi } from "vitest";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { consumeAgentRateLimit, exactMargin, LOCAL_FLUSH_MS } from "./rate-limit";

process.env.QUIVER_API_RATE_LIMIT = "100/60";
const targets = await databaseTargets();

describe("exactMargin", () => {
  it("is a tenth of the allowance, at least 10", () => {
    expect(exactMargin({ points: 120, durationSeconds: 60 })).toBe(12);
    expect(exactMargin({ points: 20, durationSeconds: 60 })).toBe(10);
    expect(exactMargin({ points: 5000, durationSeconds: 60 })).toBe(500);
  });
});

describe.each(targets)("per-key rate limit on $name", (target) => {
  const db = useTestDatabase(target);
  const stored = async (keyId: string) => (await db().rateLimiterFlexible.findUnique({ where: { key: `api-key:${keyId}` } }))?.points ?? 0;
  const flushed = (keyId: string, points: number) =>
    vi.waitFor(async () => expect(await stored(keyId)).toBe(points), { timeout: LOCAL_FLUSH_MS * 20 });

  it("batches the counter's writes far from the limit and is exact near it", async () => {
    const keyId = `key-${Math.random().toString(36).slice(2)}`;
    for (let call = 0; call < 50; call++) expect(await consumeAgentRateLimit(keyId)).toEqual({ ok: true });
    // The first call of the window was counted in the database; the other 49 wait for the next flush.
    expect(await stored(keyId)).toBe(1);
    await flushed(keyId, 50);

    // Another instance spends 40 of the same allowance; this one learns of it with its next stored count.
    await db().rateLimiterFlexible.update({ where: { key: `api-key:${keyId}` }, data: { points: { increment: 40 } } });
    expect(await consumeAgentRateLimit(keyId)).toEqual({ ok: true });
    await flushed(keyId, 91);

    // 9 calls left: within the margin, so each is counted in the database before it is allowed.
    const answers = [];
    for (let call = 0; call < 11; call++) answers.push(await consumeAgentRateLimit(keyId));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(9);
    expect(answers.slice(9)).toEqual([
      { ok: false, retryAfterSeconds: expect.any(Number) },
      { ok: false, retryAfterSeconds: expect.any(Number) },
    ]);
    expect(await stored(keyId)).toBe(102);
  });

  it("allows exactly the allowance to a stream of overlapping calls (ten times the allowance)", async () => {
    const keyId = `key-${Math.random().toString(36).slice(2)}`;
    const answers: Awaited<ReturnType<typeof consumeAgentRateLimit>>[] = [];
    // Calls arrive faster than the database answers, the way an overloaded door takes them: some
    // are counted locally, some in the database, some while a background flush is on its way.
    const inFlight: Promise<unknown>[] = [];
    for (let call = 0; call < 1000; call++) {
      inFlight.push(consumeAgentRateLimit(keyId).then((answer) => answers.push(answer)));
      if (call % 25 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(inFlight);
    expect(answers.filter((answer) => answer.ok)).toHaveLength(100);
  });
});
