/**
 * Saved test cases on both databases: unique names per tool, creation, edits and deletion audited
 * with the tool as target, an edit refused when stale or when the name is taken (nothing changed),
 * the last run stored (the fire itself is audited with its run, test-cases.test.ts), and cases and
 * runs following their tool through a rename and away with it on a delete — in the same transaction.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { listAuditEvents } from "../audit/audit-log";
import {
  createTestCase,
  deleteTestCase,
  findTestCaseId,
  getTestCase,
  listTestCaseOutcomes,
  listTestCases,
  listToolsWithTestCases,
  recordTestCaseRun,
  updateTestCase,
} from "./test-case-queries";
import { listTestRuns, recordTestRun } from "./test-runs";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, plainTool } from "../db/test-support/fixtures";
import { deleteTool, saveTool } from "../catalog/tool-saves";

const targets = await databaseTargets();

const newCase = (name: string, toolName = "weather_now") => ({
  toolName,
  name,
  arguments: { city: "Oslo" },
  context: { tenant: "acme" },
  expectations: [{ kind: "http_status", equals: 200 }],
});

describe.each(targets)("test cases on $name", (target) => {
  const db = useTestDatabase(target);

  async function storeTool(name = "weather_now") {
    const actor = await insertOperator(db(), `ana-${name}@example.com`);
    const saved = await saveTool({ definition: plainTool({ name }), baseVersion: null, actor });
    return { actor, saved };
  }

  it("keeps a tool's cases in the order saved, each with its JSON intact, and audits the creation", async () => {
    const { actor, saved } = await storeTool();
    const first = await createTestCase(newCase("returns 200"), actor);
    await createTestCase(newCase("other tool's", "current_time"), actor);
    const second = await createTestCase({ ...newCase("nested"), arguments: { a: [{ b: null }] } }, actor);

    const cases = await listTestCases("weather_now");
    expect(cases.map((entry) => entry.id)).toEqual([first.id, second.id]);
    expect(cases[0]).toMatchObject({ name: "returns 200", context: { tenant: "acme" }, createdBy: actor.email, lastRun: null });
    expect(cases[1]!.arguments).toEqual({ a: [{ b: null }] });
    expect(await listTestCases("weather_now", [second.id])).toHaveLength(1);
    expect(await listToolsWithTestCases()).toEqual(["current_time", "weather_now"]);

    const { events } = await listAuditEvents({ action: "tool.test_case_create" });
    expect(events.map((event) => [event.targetId, event.targetName])).toEqual([
      [saved.id, "weather_now"],
      ["code:current_time", "current_time"],
      [saved.id, "weather_now"],
    ].reverse());
    expect(events.at(-1)!.after).toMatchObject({ caseId: first.id, name: "returns 200", expectations: [{ kind: "http_status", equals: 200 }] });
  });

  it("refuses a name the tool already uses with a ConflictError, changing nothing", async () => {
    const { actor } = await storeTool();
    await createTestCase(newCase("smoke"), actor);
    const error = await createTestCase(newCase("smoke"), actor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe('Tool weather_now already has a test case named "smoke"; choose another name.');
    expect(await db().testCase.count()).toBe(1);
    expect((await listAuditEvents({ action: "tool.test_case_create" })).events).toHaveLength(1);
    // The same name on another tool is fine.
    await expect(createTestCase(newCase("smoke", "current_time"), actor)).resolves.toMatchObject({ name: "smoke" });
  });

  it("edits a case in place, audits before and after, and drops the last run its checks no longer match", async () => {
    const { actor, saved } = await storeTool();
    const created = await createTestCase(newCase("smoke"), actor);
    await recordTestCaseRun(created, { passed: true, results: [] }, actor);
    const ran = (await getTestCase(created.id))!;
    expect(ran.updatedAt).toEqual(created.updatedAt);

    const renamed = await updateTestCase({ ...newCase("smoke renamed"), id: created.id, basedOn: ran.updatedAt }, actor);
    expect(renamed).toMatchObject({ id: created.id, name: "smoke renamed", createdBy: actor.email, lastRun: { passed: true } });
    const edited = await updateTestCase(
      { ...newCase("smoke renamed"), arguments: { city: "Bergen" }, expectations: [{ kind: "http_status", equals: 201 }], id: created.id, basedOn: renamed.updatedAt },
      actor,
    );
    expect(edited).toMatchObject({ arguments: { city: "Bergen" }, expectations: [{ kind: "http_status", equals: 201 }], lastRun: null });
    expect(await getTestCase(created.id)).toEqual(edited);
    expect(await db().testCase.count()).toBe(1);

    const { events } = await listAuditEvents({ action: "tool.test_case_update" });
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      targetId: saved.id,
      targetName: "weather_now",
      before: { caseId: created.id, name: "smoke renamed", arguments: { city: "Oslo" }, expectations: [{ kind: "http_status", equals: 200 }] },
      after: { caseId: created.id, name: "smoke renamed", arguments: { city: "Bergen" }, context: { tenant: "acme" }, expectations: [{ kind: "http_status", equals: 201 }] },
    });
  });

  it("refuses a rename to a name the tool already uses, changing nothing and auditing nothing", async () => {
    const { actor } = await storeTool();
    await createTestCase(newCase("taken"), actor);
    const created = await createTestCase(newCase("mine"), actor);
    const error = await updateTestCase({ ...newCase("taken"), arguments: { city: "Bergen" }, id: created.id, basedOn: created.updatedAt }, actor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe('Tool weather_now already has a test case named "taken"; choose another name.');
    expect(await getTestCase(created.id)).toEqual(created);
    expect(await findTestCaseId("weather_now", "taken")).not.toBe(created.id);
    expect((await listAuditEvents({ action: "tool.test_case_update" })).events).toEqual([]);
  });

  it("refuses a stale edit and an edit of a case that is gone or another tool's, changing nothing", async () => {
    const { actor } = await storeTool();
    const created = await createTestCase(newCase("smoke"), actor);
    const first = await updateTestCase({ ...newCase("first edit"), id: created.id, basedOn: created.updatedAt }, actor);
    const stale = updateTestCase({ ...newCase("second edit"), id: created.id, basedOn: created.updatedAt }, actor);
    await expect(stale).rejects.toThrow(new ConflictError('Test case "first edit" changed since you opened it; reload to see the change, then edit it again.'));
    const otherTool = updateTestCase({ ...newCase("smoke", "current_time"), id: created.id, basedOn: first.updatedAt }, actor);
    await expect(otherTool).rejects.toBeInstanceOf(NotFoundError);
    expect(await getTestCase(created.id)).toEqual(first);

    await deleteTestCase(created.id, actor);
    await expect(updateTestCase({ ...newCase("gone"), id: created.id, basedOn: first.updatedAt }, actor)).rejects.toBeInstanceOf(NotFoundError);
    expect((await listAuditEvents({ action: "tool.test_case_update" })).events).toHaveLength(1);
  });

  it("finds a case's id by its tool and name", async () => {
    const { actor } = await storeTool();
    const created = await createTestCase(newCase("smoke"), actor);
    expect(await findTestCaseId("weather_now", "smoke")).toBe(created.id);
    expect(await findTestCaseId("current_time", "smoke")).toBeNull();
  });

  it("deletes a case with an audit event, and says so when it is already gone", async () => {
    const { actor } = await storeTool();
    const created = await createTestCase(newCase("smoke"), actor);
    await deleteTestCase(created.id, actor);
    expect(await getTestCase(created.id)).toBeNull();
    const [event] = (await listAuditEvents({ action: "tool.test_case_delete" })).events;
    expect(event).toMatchObject({ targetName: "weather_now", before: { caseId: created.id, name: "smoke" }, after: null });
    await expect(deleteTestCase(created.id, actor)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("stores the last run with its results, leaving the edit stamp; a case edited or deleted meanwhile records nothing", async () => {
    const { actor } = await storeTool();
    const created = await createTestCase(newCase("smoke"), actor);
    const results = [{ label: "HTTP status is 200", passed: false, expected: 200, actual: 500 }];
    expect(await recordTestCaseRun(created, { passed: false, results }, actor)).toBe(true);

    const stored = await getTestCase(created.id);
    expect(stored!.lastRun).toMatchObject({ by: actor.email, passed: false, results });
    expect(stored!.lastRun!.at).toBeInstanceOf(Date);
    expect(stored!.updatedAt).toEqual(created.updatedAt);

    const edited = await updateTestCase({ ...newCase("smoke"), arguments: { city: "Bergen" }, id: created.id, basedOn: created.updatedAt }, actor);
    expect(await recordTestCaseRun(created, { passed: true, results: [] }, actor)).toBe(false);
    expect((await getTestCase(created.id))!.lastRun).toBeNull();
    await deleteTestCase(created.id, actor);
    expect(await recordTestCaseRun(edited, { passed: true, results: [] }, actor)).toBe(false);
  });

  it("lists each case's last outcome, for the tools asked about", async () => {
    const { actor } = await storeTool();
    const ran = await createTestCase(newCase("ran"), actor);
    await createTestCase(newCase("never"), actor);
    await createTestCase(newCase("clock", "current_time"), actor);
    await recordTestCaseRun(ran, { passed: true, results: [] }, actor);
    const outcomes = await listTestCaseOutcomes(["weather_now"]);
    expect(outcomes.sort((a, b) => Number(a.lastPassed) - Number(b.lastPassed))).toEqual([
      { toolName: "weather_now", lastPassed: null },
      { toolName: "weather_now", lastPassed: true },
    ]);
    expect(await listTestCaseOutcomes()).toHaveLength(3);
  });

  it("a rename moves the tool's cases and runs to its new name", async () => {
    const { actor } = await storeTool();
    await createTestCase(newCase("smoke"), actor);
    await recordTestRun({ toolName: "weather_now", actor, mode: "dry_run", arguments: {}, context: {}, response: null });
    await saveTool({ definition: plainTool({ name: "weather_today" }), currentName: "weather_now", baseVersion: 1, actor });

    expect(await listTestCases("weather_now")).toEqual([]);
    expect((await listTestCases("weather_today")).map((entry) => entry.name)).toEqual(["smoke"]);
    expect(await listTestRuns("weather_now")).toEqual([]);
    expect(await listTestRuns("weather_today")).toHaveLength(1);
  });

  it("a refused rename moves nothing", async () => {
    const { actor } = await storeTool();
    await storeTool("taken_name");
    await createTestCase(newCase("smoke"), actor);
    const rename = saveTool({ definition: plainTool({ name: "taken_name" }), currentName: "weather_now", baseVersion: 1, actor });
    await expect(rename).rejects.toBeInstanceOf(ValidationError);
    expect(await listTestCases("weather_now")).toHaveLength(1);
  });

  it("deleting a tool deletes its cases and runs, and a stale delete keeps them", async () => {
    const { actor } = await storeTool();
    await createTestCase(newCase("smoke"), actor);
    await createTestCase(newCase("clock", "current_time"), actor);
    await recordTestRun({ toolName: "weather_now", actor, mode: "fire", arguments: {}, context: {}, response: null });

    await expect(deleteTool("weather_now", 7, actor)).rejects.toBeInstanceOf(ConflictError);
    expect(await listTestCases("weather_now")).toHaveLength(1);

    await deleteTool("weather_now", 1, actor);
    expect(await listTestCases("weather_now")).toEqual([]);
    expect(await listTestRuns("weather_now")).toEqual([]);
    expect(await listTestCases("current_time")).toHaveLength(1);
    // A tool created again under the name starts without them.
    await saveTool({ definition: plainTool({ name: "weather_now" }), baseVersion: null, actor: SYSTEM_ACTOR });
    expect(await listTestCases("weather_now")).toEqual([]);
  });
});
