import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR, type AuditAction, type AuditTargetType } from "./events";
import { listAuditEvents, MAX_PAGE_SIZE, recordAudit, searchAuditEvents } from "./audit-log";
import { inTransaction } from "../db/transactions";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator } from "../db/test-support/fixtures";

const targets = await databaseTargets();

describe.each(targets)("audit trail on $name", (target) => {
  const db = useTestDatabase(target);

  it("pages newest first and filters by actor, target and action", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    await inTransaction(async (tx) => {
      for (let index = 0; index < 5; index += 1) {
        await recordAudit(tx, {
          actor: index % 2 === 0 ? ana : SYSTEM_ACTOR,
          action: index < 3 ? "tool.update" : "persona.grant",
          targetType: index < 3 ? "tool" : "persona",
          targetId: `id-${index}`,
          targetName: `name-${index}`,
          before: { index },
          after: { index: index + 1, nested: { keep: ["order"] } },
        });
      }
    });

    const first = await listAuditEvents({ limit: 2 });
    expect(first.events.map((event) => event.targetName)).toEqual(["name-4", "name-3"]);
    const second = await listAuditEvents({ limit: 2, cursor: first.nextCursor });
    const third = await listAuditEvents({ limit: 2, cursor: second.nextCursor });
    expect([...second.events, ...third.events].map((event) => event.targetName)).toEqual(["name-2", "name-1", "name-0"]);
    expect(third.nextCursor).toBeNull();

    expect((await listAuditEvents({ actor: "ANA@example.com" })).events.map((event) => event.targetId)).toEqual(["id-4", "id-2", "id-0"]);
    expect((await listAuditEvents({ targetType: "persona" })).events).toHaveLength(2);
    expect((await listAuditEvents({ exceptActions: ["persona.grant"] })).events.map((event) => event.targetId)).toEqual(["id-2", "id-1", "id-0"]);
    expect((await listAuditEvents({ targetName: " name-3 " })).events.map((event) => event.targetId)).toEqual(["id-3"]);
    expect((await listAuditEvents({ action: "tool.update", targetId: "id-1" })).events).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: "system",
        before: { index: 1 },
        after: { index: 2, nested: { keep: ["order"] } },
      }),
    ]);
  });

  /** Records one event per row, oldest first; returns nothing (ids are the database's). */
  async function recordEach(rows: readonly { actor: string; action?: AuditAction; targetType?: AuditTargetType; target: string }[]) {
    await inTransaction(async (tx) => {
      for (const row of rows) {
        await recordAudit(tx, {
          actor: { id: null, email: row.actor },
          action: row.action ?? "tool.update",
          targetType: row.targetType ?? "tool",
          targetId: row.target,
          targetName: row.target,
          before: null,
          after: { target: row.target },
        });
      }
    });
  }

  const targetsOf = (page: { events: readonly { targetName: string }[] }) => page.events.map((event) => event.targetName);

  it("searches in numbered pages, newest first, with the total", async () => {
    await recordEach(Array.from({ length: 7 }, (_, index) => ({ actor: "system", target: `t${index}` })));
    expect(await searchAuditEvents({ offset: 0, limit: 3 })).toMatchObject({ total: 7 });
    expect(targetsOf(await searchAuditEvents({ offset: 0, limit: 3 }))).toEqual(["t6", "t5", "t4"]);
    expect(targetsOf(await searchAuditEvents({ offset: 3, limit: 3 }))).toEqual(["t3", "t2", "t1"]);
    expect(await searchAuditEvents({ offset: 6, limit: 3 })).toMatchObject({ total: 7, events: [expect.objectContaining({ targetName: "t0", after: { target: "t0" } })] });
    expect(await searchAuditEvents({ offset: 9, limit: 3 })).toEqual({ total: 7, events: [] });
  });

  it.each([
    { filter: { actor: "ANA" }, expected: ["Größe_table", "100xoff"] },
    { filter: { actor: "NONYM" }, expected: ["order_lookup"] },
    { filter: { actor: "  hana@  " }, expected: ["100xoff"] },
    { filter: { actor: "nobody" }, expected: [] },
    { filter: { target: "GRÖSSE" }, expected: [] },
    { filter: { target: "größe" }, expected: ["Größe_table"] },
    { filter: { target: "0%_o" }, expected: ["100%_off"] },
    { filter: { target: "%" }, expected: ["100%_off"] },
    { filter: { target: "_" }, expected: ["order_lookup", "Größe_table", "100%_off"] },
    { filter: { target: "*" }, expected: ["a*b"] },
    { filter: { target: "[" }, expected: [] },
    { filter: { target: "OFF" }, expected: ["100xoff", "100%_off"] },
    { filter: { actor: "ana", target: "off" }, expected: ["100xoff"] },
    { filter: { action: "auth.sign_in_failed" as const }, expected: ["order_lookup"] },
    { filter: { actor: "ana", action: "tool.update" as const }, expected: ["Größe_table", "100xoff"] },
    { filter: { targetType: "persona" as const, target: "a" }, expected: ["a*b"] },
    { filter: { actor: " ", target: "" }, expected: ["order_lookup", "a*b", "Größe_table", "100xoff", "100%_off"] },
  ])("matches part of the actor or target ignoring case, every character literal: $filter", async ({ filter, expected }) => {
    await recordEach([
      { actor: "ops@example.com", target: "100%_off" },
      { actor: "Hana@Example.com", target: "100xoff" },
      { actor: "ana@example.com", target: "Größe_table" },
      { actor: "system", targetType: "persona", target: "a*b" },
      { actor: "anonymous", action: "auth.sign_in_failed", targetType: "user", target: "order_lookup" },
    ]);
    const page = await searchAuditEvents({ ...filter, offset: 0, limit: 50 });
    expect(targetsOf(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it.each([
    { offset: -1, limit: 10 },
    { offset: 1.5, limit: 10 },
    { offset: 0, limit: 0 },
    { offset: 0, limit: MAX_PAGE_SIZE + 1 },
  ])("refuses a window no page has: $offset, $limit", async (window) => {
    await expect(searchAuditEvents(window)).rejects.toThrow(RangeError);
  });

  it("rolls back with the change it records", async () => {
    await expect(
      inTransaction(async (tx) => {
        await recordAudit(tx, {
          actor: SYSTEM_ACTOR,
          action: "tool.delete",
          targetType: "tool",
          targetId: "x",
          targetName: "x",
          before: null,
          after: null,
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await listAuditEvents()).events).toEqual([]);
  });
});
