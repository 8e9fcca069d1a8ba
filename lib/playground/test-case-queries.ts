import "server-only";
/**
 * Saved test cases (SPEC §7): a tool's named arguments, context and expectations, with the
 * outcome of their last run. Keyed by tool name (code tools have no row), unique per tool; a
 * rename moves them and a delete removes them (tool-saves.ts). Creating, editing and deleting a
 * case are audited with the tool as target, in the transaction that makes the change (a case's
 * fire is audited with its run, by lib/playground/playground.ts). An edit carries the `updatedAt` it started from and is refused when the case changed
 * since; a run leaves `updatedAt` as it was (it changes nothing an operator edits). The values
 * arrive already checked and masked by lib/playground/test-cases.ts.
 */
import { recordAudit, type Actor } from "../audit";
import { ConflictError, NotFoundError } from "../errors";
import type { JsonValue } from "../tools";
import { getDb, type Tx } from "../db/client";
import { parseJson, toJsonText } from "../db/json-columns";
import { inTransaction, isUniqueViolation } from "../db/transactions";

export interface TestCaseRecord {
  readonly id: number;
  readonly toolName: string;
  readonly name: string;
  readonly arguments: JsonValue;
  readonly context: JsonValue;
  readonly expectations: JsonValue;
  readonly createdBy: string;
  readonly createdAt: Date;
  /** When the case's name, arguments, context or expectations last changed: an edit's base. */
  readonly updatedAt: Date;
  readonly lastRun: { readonly at: Date; readonly by: string; readonly passed: boolean; readonly results: JsonValue } | null;
}

export interface NewTestCase {
  readonly toolName: string;
  readonly name: string;
  readonly arguments: JsonValue;
  readonly context: JsonValue;
  readonly expectations: JsonValue;
}

/** New values for case `id` of tool `toolName`, based on the case as it was at `basedOn` (its `updatedAt` then). */
export interface TestCaseEdit extends NewTestCase {
  readonly id: number;
  readonly basedOn: Date;
}

/** The last run of one case: whether it passed and every expectation's result (masked); when and by whom are added here. */
export interface TestCaseRun {
  readonly passed: boolean;
  readonly results: JsonValue;
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
  updatedAt: Date;
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
    updatedAt: row.updatedAt,
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

/** What the audit trail keeps of a case: everything an operator chose (already masked). */
function auditedCase(row: TestCaseRow) {
  return { caseId: row.id, name: row.name, arguments: parseJson(row.arguments), context: parseJson(row.context), expectations: parseJson(row.expectations) };
}

/** What an operator is told when tool `toolName` already has a case named `name`. */
export function nameTakenMessage(testCase: Pick<NewTestCase, "toolName" | "name">): string {
  return `Tool ${testCase.toolName} already has a test case named "${testCase.name}"; choose another name.`;
}

function nameTaken(testCase: Pick<NewTestCase, "toolName" | "name">): ConflictError {
  return new ConflictError(nameTakenMessage(testCase));
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

/**
 * Replaces case `edit.id`'s name, arguments, context and expectations; its last run is kept only
 * when nothing but the name changed (it no longer says how the case fares otherwise).
 * NotFoundError when it is gone; ConflictError when it changed since `edit.basedOn` or when its
 * tool has another case of the new name. Nothing is written when refused.
 */
export async function updateTestCase(edit: TestCaseEdit, actor: Actor): Promise<TestCaseRecord> {
  try {
    return await inTransaction(async (tx) => {
      const before = await tx.testCase.findUnique({ where: { id: edit.id } });
      if (!before || before.toolName !== edit.toolName) throw new NotFoundError("That test case no longer exists: someone may have deleted it.");
      const values = {
        name: edit.name,
        arguments: toJsonText(edit.arguments),
        context: toJsonText(edit.context),
        expectations: toJsonText(edit.expectations),
        // Always later than the base, even within its millisecond: the stamp is what makes an edit stale.
        updatedAt: new Date(Math.max(Date.now(), before.updatedAt.getTime() + 1)),
      };
      // The last result judged what the case no longer holds: only a rename keeps it.
      const checksChanged = (["arguments", "context", "expectations"] as const).some((key) => values[key] !== before[key]);
      const { count } = await tx.testCase.updateMany({
        where: { id: edit.id, updatedAt: edit.basedOn },
        data: checksChanged ? { ...values, lastRunAt: null, lastRunBy: null, lastPassed: null, lastFailures: null } : values,
      });
      if (count === 0) throw new ConflictError(`Test case "${before.name}" changed since you opened it; reload to see the change, then edit it again.`);
      const after = await tx.testCase.findUniqueOrThrow({ where: { id: edit.id } });
      await recordAudit(tx, {
        actor,
        action: "tool.test_case_update",
        targetType: "tool",
        targetId: await toolTarget(tx, edit.toolName),
        targetName: edit.toolName,
        before: auditedCase(before),
        after: auditedCase(after),
      });
      return toRecord(after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(edit);
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
      before: auditedCase(row),
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

/** The id of tool `toolName`'s case named `name`, or null. */
export async function findTestCaseId(toolName: string, name: string): Promise<number | null> {
  const row = await getDb().testCase.findUnique({ where: { toolName_name: { toolName, name } }, select: { id: true } });
  return row?.id ?? null;
}

/** One case, or null. */
export async function getTestCase(id: number): Promise<TestCaseRecord | null> {
  const row = await getDb().testCase.findUnique({ where: { id } });
  return row ? toRecord(row) : null;
}

/**
 * Stores how case `ran` (as it was when it ran) just fared as its last run. Returns false when the
 * case was deleted or edited meanwhile: the result belongs to values it no longer has, so nothing
 * is written then. (The fire itself is kept in the run history and audited either way.)
 */
export async function recordTestCaseRun(ran: Pick<TestCaseRecord, "id" | "updatedAt">, run: TestCaseRun, actor: Actor): Promise<boolean> {
  const { count } = await getDb().testCase.updateMany({
    where: { id: ran.id, updatedAt: ran.updatedAt },
    // updatedAt written back as it was: a run is no edit, so it must not make an open edit stale.
    data: { lastRunAt: new Date(), lastRunBy: actor.email, lastPassed: run.passed, lastFailures: toJsonText(run.results), updatedAt: ran.updatedAt },
  });
  return count > 0;
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

/** Whether any tool has a saved test case. */
export async function anyTestCase(): Promise<boolean> {
  return (await getDb().testCase.findFirst({ select: { id: true } })) !== null;
}
