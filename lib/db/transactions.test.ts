import { describe, expect, it } from "vitest";
import { ConflictError } from "../errors";
import { databaseTargets, useTestDatabase } from "./test-support/databases";
import { refusalChecker } from "./test-support/raw-rows";
import { inTransaction, LostRace } from "./transactions";

const targets = await databaseTargets();

describe.each(targets)("inTransaction on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  /** Work that creates one persona per run and loses the race on its first `losses` runs. */
  function racingWork(losses: number) {
    let runs = 0;
    const work = async (tx: Parameters<Parameters<typeof inTransaction>[0]>[0]) => {
      runs += 1;
      await tx.persona.create({ data: { slug: `run-${runs}`, name: `Run ${runs}` } });
      if (runs <= losses) throw new LostRace();
      return runs;
    };
    return { work, runs: () => runs };
  }

  it("runs work again after a lost race, keeping only the winning run's writes", async () => {
    const { work, runs } = racingWork(2);
    expect(await inTransaction(work, { attempts: 3 })).toBe(3);
    expect(runs()).toBe(3);
    expect((await db().persona.findMany()).map((persona) => persona.slug)).toEqual(["run-3"]);
  });

  it.each([undefined, 1, 3])("gives up with a ConflictError after %s attempt(s), writing nothing", async (attempts) => {
    const { work, runs } = racingWork(Infinity);
    await refused(() => inTransaction(work, { attempts }), ConflictError);
    expect(runs()).toBe(attempts ?? 1);
  });

  it("does not run work again after any other error", async () => {
    let runs = 0;
    const failure = new Error("not a race");
    const work = async () => {
      runs += 1;
      throw failure;
    };
    await expect(inTransaction(work, { attempts: 5 })).rejects.toBe(failure);
    expect(runs).toBe(1);
  });

  // Two serializable transactions that each read both personas and then write one cannot both
  // commit. SQLite runs transactions one at a time, so only PostgreSQL can make them overlap.
  if (target.name !== "postgresql") return;
  it.each([
    { attempts: 2, rejected: 0, runs: 3 },
    { attempts: 1, rejected: 1, runs: 2 },
  ])("treats a serialization failure as a lost race (attempts $attempts)", async ({ attempts, rejected, runs }) => {
    await db().persona.createMany({ data: [{ slug: "a", name: "A" }, { slug: "b", name: "B" }] });
    let started = 0;
    let bothRead!: () => void;
    const barrier = new Promise<void>((resolve) => (bothRead = resolve));
    let winnerDone: Promise<void> = Promise.resolve();
    const writeAfterReadingAll = (slug: string) => async (tx: Parameters<Parameters<typeof inTransaction>[0]>[0]) => {
      started += 1;
      // A retry reads after the winner has committed, whatever the machine's load: deterministic.
      if (started > 2) await winnerDone;
      await tx.persona.findMany();
      if (started <= 2) {
        if (started === 2) bothRead();
        await barrier;
      }
      await tx.persona.update({ where: { slug }, data: { description: "written" } });
    };

    const transactions = ["a", "b"].map((slug) => inTransaction(writeAfterReadingAll(slug), { serializable: true, attempts }));
    // The first to settle is the winner (the loser is still retrying): its commit is done.
    winnerDone = Promise.race(transactions.map((transaction) => transaction.then(() => undefined, () => undefined)));
    const results = await Promise.allSettled(transactions);
    const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(failures).toHaveLength(rejected);
    for (const failure of failures) expect(failure).toBeInstanceOf(ConflictError);
    expect(started).toBe(runs);
    expect(await db().persona.count({ where: { description: "written" } })).toBe(2 - rejected);
  });
});
