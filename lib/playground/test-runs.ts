import "server-only";
/**
 * The playground's history (SPEC §7): each dry run or fire of a tool, kept so it can be shown,
 * replayed and copied as curl. The response arrives already redacted (secrets masked) from the
 * playground. As a second line of defence the caller may also hand over the secret values it
 * used: any form of them still left in the run is masked before it is stored (SPEC §5).
 * A fire is audited (the tool as target, never the response body) in the same transaction.
 */
import { recordAudit, type Actor } from "../audit";
import { createRedactor } from "../secrets";
import type { JsonValue } from "../tools";
import { getDb, type Tx } from "../db/client";
import { parseJson, toJsonText } from "../db/json-columns";
import { inTransaction } from "../db/transactions";

export type TestRunMode = "dry_run" | "fire";

export interface NewTestRun {
  /** A data or code tool's name (code tools have no row, so this is not a reference). */
  readonly toolName: string;
  readonly actor: Actor;
  readonly mode: TestRunMode;
  readonly arguments: JsonValue;
  readonly context: JsonValue;
  /** The outcome, already redacted. */
  readonly response: JsonValue;
  /**
   * The plaintext secret values the run used. Never stored: every form of them left in the
   * arguments, context or response (values and keys alike) is replaced by its mask first.
   */
  readonly secretsToRedact?: readonly string[];
  /**
   * Records a "tool.test_fire" audit event with the run: the tool's id (a code tool's name) and
   * a summary of the call (arguments, outcome), redacted like the run. Never the response body.
   */
  readonly audit?: { readonly targetId: string; readonly summary: { readonly [key: string]: JsonValue } };
}

export interface TestRunDTO {
  readonly id: number;
  /**
   * The run's place among its tool's runs, from 1: what the history calls it (ids count the runs
   * of every tool). Counted when read, from the runs kept; a tool's runs are removed only with it.
   */
  readonly number: number;
  readonly toolName: string;
  readonly actorEmail: string;
  readonly mode: TestRunMode;
  readonly arguments: JsonValue;
  readonly context: JsonValue;
  readonly response: JsonValue;
  readonly createdAt: Date;
}

const DEFAULT_LIMIT = 50;

/** A row as stored: the JSON values as text. */
type TestRunRow = Omit<TestRunDTO, "number" | "arguments" | "context" | "response"> & {
  arguments: string;
  context: string;
  response: string;
};

function toDTO(row: TestRunRow, number: number): TestRunDTO {
  return {
    id: row.id,
    number,
    toolName: row.toolName,
    actorEmail: row.actorEmail,
    mode: row.mode,
    arguments: parseJson(row.arguments),
    context: parseJson(row.context),
    response: parseJson(row.response),
    createdAt: row.createdAt,
  };
}

/** Keeps one run in the tool's history, with any secret in `secretsToRedact` masked (and audits it when asked). */
export async function recordTestRun(run: NewTestRun): Promise<TestRunDTO> {
  const { redactValue } = createRedactor(run.secretsToRedact ?? []);
  const data = {
    toolName: run.toolName,
    actorEmail: run.actor.email,
    mode: run.mode,
    arguments: toJsonText(redactValue(run.arguments)),
    context: toJsonText(redactValue(run.context)),
    response: toJsonText(redactValue(run.response)),
  };
  const { audit } = run;
  if (!audit) {
    const row = await getDb().testRun.create({ data });
    return toDTO(row, await numberOf(getDb(), row));
  }
  return inTransaction(async (tx) => {
    const row = await tx.testRun.create({ data });
    await recordAudit(tx, {
      actor: run.actor,
      action: "tool.test_fire",
      targetType: "tool",
      targetId: audit.targetId,
      targetName: run.toolName,
      before: null,
      after: redactValue({ runId: row.id, ...audit.summary }),
    });
    return toDTO(row, await numberOf(tx, row));
  });
}

/** How many runs of its tool are kept up to and including `run`: its number. */
function numberOf(db: Pick<Tx, "testRun">, run: { id: number; toolName: string }): Promise<number> {
  return db.testRun.count({ where: { toolName: run.toolName, id: { lte: run.id } } });
}

/** Tool `toolName`'s runs, newest first (at most `limit`). */
export async function listTestRuns(toolName: string, limit: number = DEFAULT_LIMIT): Promise<TestRunDTO[]> {
  const rows = await getDb().testRun.findMany({ where: { toolName }, orderBy: { id: "desc" }, take: Math.max(1, limit) });
  const [newest] = rows;
  if (!newest) return [];
  // Counted up to the newest row read, so a run recorded meanwhile cannot shift the numbers.
  const first = await numberOf(getDb(), newest);
  return rows.map((row, index) => toDTO(row, first - index));
}

/** The latest run of each of `toolNames` that has one (two queries, whatever the number of tools). */
export async function listLatestTestRuns(toolNames: readonly string[]): Promise<TestRunDTO[]> {
  if (toolNames.length === 0) return [];
  const latest = await getDb().testRun.groupBy({ by: ["toolName"], where: { toolName: { in: [...toolNames] } }, _max: { id: true }, _count: { _all: true } });
  const counts = new Map(latest.map((row) => [row._max.id, row._count._all]));
  const ids = latest.flatMap((row) => (row._max.id === null ? [] : [row._max.id]));
  const rows = await getDb().testRun.findMany({ where: { id: { in: ids } }, orderBy: { id: "desc" } });
  return rows.map((row) => toDTO(row, counts.get(row.id) ?? 1));
}

/** One run, for replaying it; null when it does not exist. */
export async function getTestRun(id: number): Promise<TestRunDTO | null> {
  const row = await getDb().testRun.findUnique({ where: { id } });
  return row ? toDTO(row, await numberOf(getDb(), row)) : null;
}
