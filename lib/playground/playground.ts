import "server-only";

/**
 * The playground (SPEC §7, issue 9): dry-run or fire any tool, data or code, and keep every run
 * in the tool's history. A dry run sends nothing and reads no secret; a fire goes through the
 * path agents use. Every view returned is plain JSON with every secret value masked, safe to hand
 * to a client component. Roles are the caller's job (`requireRole`): viewers may dry-run, firing
 * needs an editor.
 */
import type { Actor } from "../audit";
import { getTestRun, listLatestTestRuns, listTestRuns, recordTestRun, type TestRunDTO } from "./test-runs";
import { NotFoundError, ValidationError, type ValidationIssue } from "../errors";
import { CONTEXT_FIELDS, type JsonValue, type TurnContext } from "../tools";
import { executeInPlayground, type PlaygroundExecution, type UnrecordedRun } from "./playground-run";
import type { PlaygroundMode, PlaygroundRunView, PlaygroundToolView, RunTestCase } from "./playground-types";
import { loadCatalogTool, type CatalogTool } from "../catalog";

export type {
  Expectation,
  ExpectationResult,
  PlaygroundMode,
  PlaygroundOutcome,
  PlaygroundRequestView,
  PlaygroundRunView,
  PlaygroundToolView,
  RunTestCase,
} from "./playground-types";

export interface PlaygroundInput {
  readonly toolName: string;
  readonly mode: PlaygroundMode;
  /** Validated against the tool's parameters here (again): never trusted. */
  readonly arguments: unknown;
  /** Turn-context fields (CONTEXT_FIELDS); blank values are dropped. */
  readonly context: Readonly<Record<string, string>>;
}

/** How many runs a history page holds by default, and at most. */
const DEFAULT_RUN_LIMIT = 50;
const MAX_RUN_LIMIT = 200;

/**
 * The turn context a run uses: only the closed list of fields, each a string; blanks dropped.
 * Anything else is a ValidationError naming the field (`context.color`).
 */
export function parseTurnContext(input: unknown): TurnContext {
  if (input === undefined || input === null) return {};
  if (typeof input !== "object" || Array.isArray(input)) throw new ValidationError([{ path: "context", message: "must be an object of turn-context fields" }]);
  const issues: ValidationIssue[] = [];
  const context: Record<string, string> = {};
  for (const [field, value] of Object.entries(input)) {
    if (!(CONTEXT_FIELDS as readonly string[]).includes(field)) {
      issues.push({ path: `context.${field}`, message: `is not a turn-context field (${CONTEXT_FIELDS.join(", ")})` });
    } else if (typeof value !== "string") {
      issues.push({ path: `context.${field}`, message: "must be text" });
    } else if (value.trim() !== "") {
      context[field] = value;
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return context;
}

function parseMode(mode: unknown): PlaygroundMode {
  if (mode === "dry_run" || mode === "fire") return mode;
  throw new ValidationError([{ path: "mode", message: "must be dry_run or fire" }]);
}

/**
 * The stored part of a run view: everything its own columns do not hold, the test case included
 * (a label, never queried, so no column of its own; runs stored before it have none).
 */
type StoredRun = Omit<UnrecordedRun, "toolName" | "mode" | "arguments" | "context"> & { readonly testCase?: RunTestCase | null };

function storedPart(run: UnrecordedRun, testCase: RunTestCase | null): StoredRun {
  const { toolName: _name, mode: _mode, arguments: _args, context: _context, ...rest } = run;
  return { ...rest, testCase };
}

function viewOf(row: TestRunDTO): PlaygroundRunView {
  const stored = row.response as unknown as StoredRun;
  return {
    ...stored,
    id: row.id,
    number: row.number,
    testCase: stored.testCase ?? null,
    toolName: row.toolName,
    mode: row.mode,
    actorEmail: row.actorEmail,
    createdAt: row.createdAt.toISOString(),
    arguments: row.arguments,
    context: row.context as Record<string, string>,
  };
}

/**
 * Validates, runs (dry run: nothing sent, no secret read), records the run in the tool's history
 * and returns its view (see {@link recordPlaygroundRun}). `signal` aborts the upstream request
 * (the outcome is then an execution_error).
 *
 * @throws NotFoundError for an unknown tool; ValidationError for a bad mode or context.
 */
export async function runInPlayground(
  input: PlaygroundInput,
  actor: Actor,
  options: { signal?: AbortSignal } = {},
): Promise<PlaygroundRunView> {
  const mode = parseMode(input.mode);
  const context = parseTurnContext(input.context);
  const tool = await loadCatalogTool(input.toolName);
  if (!tool) throw new NotFoundError(`Tool "${input.toolName}" does not exist: someone may have deleted or renamed it.`);
  return recordPlaygroundRun(tool, await executeInPlayground({ tool, mode, arguments: input.arguments, context, signal: options.signal }), actor);
}

/** A saved test case's run, as its record names it: the case and whether it passed. */
export interface CaseVerdict extends RunTestCase {
  readonly passed: boolean;
}

/**
 * Keeps an execution of `tool` in the tool's run history — labelled with its test case when a
 * saved case made it — and returns its view. A fire is also audited ("tool.test_fire", in the
 * same transaction: arguments masked, never the response body; a case's run also names the case
 * and whether it passed), so every fire is audited once, wherever it came from.
 */
export async function recordPlaygroundRun(tool: CatalogTool, execution: PlaygroundExecution, actor: Actor, testCase?: CaseVerdict): Promise<PlaygroundRunView> {
  const { run, secrets } = execution;
  const label = testCase ? { id: testCase.id, name: testCase.name } : null;
  const audit =
    run.mode === "fire"
      ? {
          targetId: tool.origin === "data" ? tool.id : `code:${run.toolName}`,
          summary: {
            ...(testCase ? { testCase: testCase.name, caseId: testCase.id, passed: testCase.passed } : {}),
            toolVersion: run.toolVersion,
            arguments: run.arguments,
            context: run.context,
            outcome: run.outcome.kind,
            errorType: run.outcome.kind === "error" ? run.outcome.errorType : null,
            status: run.status,
            durationMs: run.durationMs,
          },
        }
      : undefined;
  const row = await recordTestRun({
    toolName: run.toolName,
    actor,
    mode: run.mode,
    arguments: run.arguments,
    context: run.context,
    // A view is plain JSON by construction; its interfaces just do not say so.
    response: storedPart(run, label) as unknown as JsonValue,
    secretsToRedact: secrets,
    audit,
  });
  return viewOf(row);
}

/** Tool `toolName`'s runs, newest first: at most `limit` (default 50, at most 200). */
export async function listPlaygroundRuns(toolName: string, options: { limit?: number } = {}): Promise<PlaygroundRunView[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? DEFAULT_RUN_LIMIT), 1), MAX_RUN_LIMIT);
  return (await listTestRuns(toolName, limit)).map(viewOf);
}

/** The latest run of each of `toolNames` (tools never run are absent), for lists of tools. */
export async function listLatestPlaygroundRuns(toolNames: readonly string[]): Promise<Map<string, PlaygroundRunView>> {
  return new Map((await listLatestTestRuns(toolNames)).map((row) => [row.toolName, viewOf(row)]));
}

/** One run (to replay it into the form), or null. */
export async function getPlaygroundRun(id: number): Promise<PlaygroundRunView | null> {
  const row = await getTestRun(id);
  return row ? viewOf(row) : null;
}

/** What the Test panel needs to render the form for tool `toolName`, or null when there is no such tool. */
export async function getPlaygroundTool(toolName: string): Promise<PlaygroundToolView | null> {
  const tool = await loadCatalogTool(toolName);
  if (!tool) return null;
  if (tool.origin === "code") {
    const { name, description, parameters, sideEffect } = tool.tool;
    return { name, origin: "code", version: null, description, parameters, sideEffect, method: null, host: null };
  }
  const { definition } = tool;
  return {
    name: definition.name,
    origin: "data",
    version: tool.version,
    description: definition.description,
    parameters: definition.parameters,
    sideEffect: definition.sideEffect,
    method: definition.request.method,
    host: new URL(definition.request.url).host,
  };
}
