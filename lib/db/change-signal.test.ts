/**
 * The database's change signal (issue 23): on SQLite the token stays put while nothing is written
 * and changes with every commit, by this client or another one on the same file; a rolled-back
 * transaction changes nothing; PostgreSQL gives no signal (null) for now.
 */
import { describe, expect, it } from "vitest";
import { changeSignalOf, openChangeSignal } from "./change-signal";
import { createDb } from "./client";
import { databaseTargets, useTestDatabase } from "./test-support/databases";

const targets = await databaseTargets();

describe.each(targets)("the change signal on $name", (target) => {
  const db = useTestDatabase(target);

  it(target.name === "sqlite" ? "changes with every commit, by any client, and with nothing else" : "gives none: the caller reads the database", async () => {
    const signal = changeSignalOf(db());
    const before = signal.token();
    if (target.name !== "sqlite") {
      expect(before).toBeNull();
      return;
    }
    expect(before).toEqual(expect.any(Number));
    await db().user.count();
    expect(signal.token()).toBe(before);

    await db().$executeRaw`UPDATE rate_limits SET points = points WHERE 1 = 0`;
    const afterOwnWrite = signal.token();
    await db().$executeRawUnsafe("CREATE TABLE IF NOT EXISTS change_signal_probe (id INTEGER)");
    expect(signal.token()).not.toBe(afterOwnWrite);

    const other = createDb(target.url);
    try {
      const beforeOther = signal.token();
      await other.$executeRawUnsafe("INSERT INTO change_signal_probe (id) VALUES (1)");
      expect(signal.token()).not.toBe(beforeOther);
      const beforeRollback = signal.token();
      await other.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO change_signal_probe (id) VALUES (2)");
        throw new Error("roll back");
      }).catch(() => undefined);
      expect(signal.token()).toBe(beforeRollback);
    } finally {
      await other.$disconnect();
    }
  });
});

describe("a database without a signal", () => {
  it("gives none for PostgreSQL, and none for a SQLite file that is not there", () => {
    expect(openChangeSignal("postgresql://postgres@127.0.0.1:5432/test").token()).toBeNull();
    expect(openChangeSignal("file:/nonexistent/folder/quiver.db").token()).toBeNull();
  });
});
