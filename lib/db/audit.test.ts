import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { listAuditEvents, recordAudit } from "./audit";
import { inTransaction } from "./transactions";
import { databaseTargets, useTestDatabase } from "./test-support/databases";
import { insertOperator } from "./test-support/fixtures";

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
