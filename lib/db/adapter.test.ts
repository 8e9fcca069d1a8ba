import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./client";

describe("the SQLite adapter", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "quiver-adapter-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("opens every connection in WAL mode with synchronous = NORMAL and a busy timeout", async () => {
    const db = createDb(`file:${path.join(dir, "wal.db")}`);
    try {
      const [journal] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
      const [sync] = await db.$queryRawUnsafe<{ synchronous: unknown }[]>("PRAGMA synchronous");
      const [busy] = await db.$queryRawUnsafe<{ timeout: unknown }[]>("PRAGMA busy_timeout");
      expect(journal?.journal_mode).toBe("wal");
      expect(Number(sync?.synchronous)).toBe(1); // NORMAL (FULL, the default, is 2)
      expect(Number(busy?.timeout)).toBe(5000);
    } finally {
      await db.$disconnect();
    }
  });
});
