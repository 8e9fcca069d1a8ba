/**
 * Saved test cases (SPEC §7): a tool's named arguments, context and expectations, with the
 * outcome of their last run. Keyed by tool name (code tools have no row), unique per tool; a
 * rename moves them and a delete removes them (tool-saves.ts). Creating and deleting a case, and
 * each case run, are audited with the tool as target, in the transaction that makes the change.
 * The values arrive already checked and masked by lib/runtime/test-cases.ts.
 */
import type { Actor } from "../audit/events";
import { ConflictError, NotFoundError } from "../errors";
import type { JsonValue } from "../tools";
import { recordAudit } from "./audit";
import { getDb, type Tx } from "./client";
import { parseJson, toJsonText } from "./json-columns";
import { inTransaction, isUniqueViolation } from "./transactions";

export interface TestCaseRecord {
  readonly id: number;
  readonly toolName: string;
  readonly name: string;
  readonly arguments: JsonValue;
  readonly context: JsonValue;
  readonly expectations: JsonValue;
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly lastRun: { readonly at: Date; readonly by: string; readonly passed: boolean; readonly results: JsonValue } | null;
}

export interface NewTestCase {
  readonly toolName: string;
  readonly name: string;
  readonly arguments: JsonValue;
  readonly context: JsonValue;
  readonly expectations: JsonValue;
}

/** The last run of one case: when, by whom, whether it passed, every expectation's result (masked). */
export interface TestCaseRun {
  readonly passed: boolean;
  readonly results: JsonValue;
  /** What the audit event keeps of the call (arguments, outcome): never the response body. */
  readonly summary: { readonly [key: string]: JsonValue };
}

interface TestCaseRow {
  id: number;
  toolName: string;
  name: string;
  arguments: string;
  context: string;
  expectations: string;
  createdBy: string;
  createdAt: Date;
  lastRunAt: Date | null;
  lastRunBy: string | null;
  lastPassed: boolean | null;
  lastFailures: string | null;
}

function toRecord(row: TestCaseRow): TestCaseRecord {
  // `lastFailures` holds every expectation's result, passed ones too: the case list shows them all.
  const ran = row.lastRunAt !== null && row.lastPassed !== null;
  return {
    id: row.id,
    toolName: row.toolName,
    name: row.name,
    arguments: parseJson(row.arguments),
    context: parseJson(row.context),
    expectations: parseJson(row.expectations),
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    lastRun: ran
      ? { at: row.lastRunAt!, by: row.lastRunBy ?? "", passed: row.lastPassed!, results: row.lastFailures === null ? [] : parseJson(row.lastFailures) }
      : null,
  };
}

/** The audit target of tool `toolName`: its id, or `code:NAME` for a code tool (no row). */
async function toolTarget(tx: Tx, toolName: string): Promise<string> {
  const tool = await tx.tool.findUnique({ where: { name: toolName }, select: { id: true } });
  return tool?.id ?? `code:${toolName}`;
}

function nameTaken(testCase: Pick<NewTestCase, "toolName" | "name">): ConflictError {
  return new ConflictError(`Tool ${testCase.toolName} already has a test case named "${testCase.name}"; choose another name.`);
}

/** Saves a new case. A name the tool already uses is a ConflictError saying so. */
export async function createTestCase(testCase: NewTestCase, actor: Actor): Promise<TestCaseRecord> {
  try {
    return await inTransaction(async (tx) => {
      const row = await tx.testCase.create({
        data: {
          toolName: testCase.toolName,
          name: testCase.name,
          arguments: toJsonText(testCase.arguments),
          context: toJsonText(testCase.context),
          expectations: toJsonText(testCase.expectations),
          createdBy: actor.email,
        },
      });
      await recordAudit(tx, {
        actor,
        action: "tool.test_case_create",
        targetType: "tool",
        targetId: await toolTarget(tx, testCase.toolName),
        targetName: testCase.toolName,
        before: null,
        after: { caseId: row.id, name: row.name, arguments: testCase.arguments, context: testCase.context, expectations: testCase.expectations },
      });
      return toRecord(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(testCase);
    throw error;
  }
}

/** Deletes case `id`; NotFoundError when there is none (already deleted by someone else). */
export async function deleteTestCase(id: number, actor: Actor): Promise<void> {
  await inTransaction(async (tx) => {
    const row = await tx.testCase.findUnique({ where: { id } });
    if (!row) throw new NotFoundError("That test case no longer exists: someone may have deleted it.");
    await tx.testCase.delete({ where: { id } });
    await recordAudit(tx, {
      actor,
      action: "tool.test_case_delete",
      targetType: "tool",
      targetId: await toolTarget(tx, row.toolName),
      targetName: row.toolName,
      before: { caseId: row.id, name: row.name, arguments: parseJson(row.arguments), context: parseJson(row.context), expectations: parseJson(row.expectations) },
      after: null,
    });
  });
}

/** Tool `toolName`'s cases in the order they were saved; only those in `ids` when given. */
export async function listTestCases(toolName: string, ids?: readonly number[]): Promise<TestCaseRecord[]> {
  const rows = await getDb().testCase.findMany({
    where: { toolName, ...(ids ? { id: { in: [...ids] } } : {}) },
    orderBy: { id: "asc" },
  });
  return rows.map(toRecord);
}

/** One case, or null. */
export async function getTestCase(id: number): Promise<TestCaseRecord | null> {
  const row = await getDb().testCase.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

/**
 * Stores how case `id` just fared and audits the run ("tool.test_fire", with the case's name).
 * Returns false when the case was deleted meanwhile (nothing is written then).
 */
export async function recordTestCaseRun(id: number, run: TestCaseRun, actor: Actor): Promise<boolean> {
  return inTransaction(async (tx) => {
    const { count } = await tx.testCase.updateMany({
      where: { id },
      data: { lastRunAt: new Date(), lastRunBy: actor.email, lastPassed: run.passed, lastFailures: toJsonText(run.results) },
    });
    if (count === 0) return false;
    const row = await tx.testCase.findUniqueOrThrow({ where: { id }, select: { toolName: true, name: true } });
    await recordAudit(tx, {
      actor,
      action: "tool.test_fire",
      targetType: "tool",
      targetId: await toolTarget(tx, row.toolName),
      targetName: row.toolName,
      before: null,
      after: { testCase: row.name, caseId: id, passed: run.passed, ...run.summary },
    });
    return true;
  });
}

/** Whether each case passed on its last run (null: never ran), for the tools named (all when absent). */
export async function listTestCaseOutcomes(toolNames?: readonly string[]): Promise<{ toolName: string; lastPassed: boolean | null }[]> {
  return getDb().testCase.findMany({
    where: toolNames ? { toolName: { in: [...toolNames] } } : {},
    select: { toolName: true, lastPassed: true },
  });
}

/** The names of the tools that have at least one case, by name. */
export async function listToolsWithTestCases(): Promise<string[]> {
  const rows = await getDb().testCase.groupBy({ by: ["toolName"] });
  return rows.map((row) => row.toolName).sort();
}
