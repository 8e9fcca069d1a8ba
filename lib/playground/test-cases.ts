import "server-only";

/**
 * Saved test cases (SPEC §7, issue 9): any run can be saved as a named case with expectations;
 * cases run one tool at a time (the Test tab's "Run all" and each case's Run, `npm run
 * tools:check`), each a real fire through the agents' path, kept in the tool's run history under
 * the case's name (issue 26) and audited; every tool with cases has a health. Results are masked
 * with the secrets the fire used before they are stored or returned.
 */
import type { Actor } from "../audit";
import * as store from "./test-case-queries";
import { NotFoundError, ValidationError, type ValidationIssue } from "../errors";
import { createRedactor } from "../secrets";
import type { JsonValue } from "../tools";
import { parseTurnContext, recordPlaygroundRun } from "./playground";
import { executeInPlayground } from "./playground-run";
import type { Expectation, ExpectationResult, TestCaseRunResult, TestCaseView, ToolHealth } from "./playground-types";
import { evaluateExpectations, parseExpectations } from "./test-expectations";
import { loadCatalogTool, type CatalogTool } from "../catalog";

export type { Expectation, ExpectationResult, TestCaseRunResult, TestCaseView, ToolHealth } from "./playground-types";
export { describeExpectation } from "./test-expectations";

/** Longest case name, in characters. */
export const MAX_TEST_CASE_NAME = 80;

export interface TestCaseInput {
  readonly toolName: string;
  readonly name: string;
  readonly arguments: unknown;
  readonly context: Readonly<Record<string, string>>;
  readonly expectations: unknown;
}

/** New values for case `id`, edited from the case as it was at `basedOn` (its `updatedAt`, ISO 8601). */
export interface TestCaseEditInput extends TestCaseInput {
  readonly id: number;
  readonly basedOn: string;
}

function viewOf(record: store.TestCaseRecord): TestCaseView {
  return {
    id: record.id,
    toolName: record.toolName,
    name: record.name,
    arguments: record.arguments,
    context: record.context as Record<string, string>,
    expectations: record.expectations as unknown as Expectation[],
    createdBy: record.createdBy,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
    lastRun: record.lastRun && {
      at: record.lastRun.at.toISOString(),
      by: record.lastRun.by,
      passed: record.lastRun.passed,
      results: record.lastRun.results as unknown as ExpectationResult[],
    },
  };
}

async function toolOrThrow(toolName: string): Promise<CatalogTool> {
  const tool = await loadCatalogTool(toolName);
  if (!tool) throw new NotFoundError(`Tool "${toolName}" does not exist: someone may have deleted or renamed it.`);
  return tool;
}

/** Every problem with what was submitted, with its path (`name`, `arguments`, `context.x`, `expectations.0.kind`). */
function checkInput(input: TestCaseInput): { name: string; context: Record<string, string>; expectations: Expectation[]; args: JsonValue } {
  const issues: ValidationIssue[] = [];
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (name === "") issues.push({ path: "name", message: "is required" });
  else if (Array.from(name).length > MAX_TEST_CASE_NAME) issues.push({ path: "name", message: `must be at most ${MAX_TEST_CASE_NAME} characters` });
  const args = input.arguments;
  if (typeof args !== "object" || args === null || Array.isArray(args)) issues.push({ path: "arguments", message: "must be a JSON object" });
  const collect = <T>(read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      issues.push(...error.issues);
      return null;
    }
  };
  const context = collect(() => parseTurnContext(input.context));
  const expectations = collect(() => parseExpectations(input.expectations));
  if (issues.length > 0) throw new ValidationError(issues);
  return { name, context: context as Record<string, string>, expectations: expectations!, args: JSON.parse(JSON.stringify(args)) as JsonValue };
}

/**
 * Saves a case for tool `input.toolName`. ValidationError for a blank, over-long or taken name or
 * bad arguments, context or expectations (each with its path); NotFoundError for an unknown tool.
 */
export async function saveTestCase(input: TestCaseInput, actor: Actor): Promise<TestCaseView> {
  return viewOf(await store.createTestCase(await checkedCase(input), actor));
}

/**
 * The case as stored: checked, for a tool that exists, under the tool's own name, with a name no
 * other case of the tool (than `editedId`) has. A taken name is refused next to the name field;
 * the unique index still refuses one taken meanwhile (a ConflictError).
 */
async function checkedCase(input: TestCaseInput, editedId?: number): Promise<store.NewTestCase> {
  const checked = checkInput(input);
  const tool = await toolOrThrow(input.toolName);
  const toolName = tool.origin === "code" ? tool.tool.name : tool.definition.name;
  const holder = await store.findTestCaseId(toolName, checked.name);
  if (holder !== null && holder !== editedId) throw new ValidationError([{ path: "name", message: store.nameTakenMessage({ toolName, name: checked.name }) }]);
  return { toolName, name: checked.name, arguments: checked.args, context: checked.context, expectations: checked.expectations as unknown as JsonValue };
}

/**
 * Replaces case `input.id`'s name, arguments, context and expectations, checked as a new case is
 * (ValidationError, a taken name too); ConflictError when the case changed since `input.basedOn`;
 * NotFoundError when the case or its tool is gone. Its last run is dropped unless only the name changed.
 */
export async function updateTestCase(input: TestCaseEditInput, actor: Actor): Promise<TestCaseView> {
  const basedOn = new Date(input.basedOn);
  if (Number.isNaN(basedOn.getTime())) throw new ValidationError([{ path: "basedOn", message: "must be the time the case was last changed" }]);
  return viewOf(await store.updateTestCase({ ...(await checkedCase(input, input.id)), id: input.id, basedOn }, actor));
}

/** Deletes case `id` (NotFoundError when it is already gone). */
export async function deleteTestCase(id: number, actor: Actor): Promise<void> {
  await store.deleteTestCase(id, actor);
}

/** Tool `toolName`'s cases with their last result, in the order they were saved. */
export async function listTestCases(toolName: string): Promise<TestCaseView[]> {
  return (await store.listTestCases(toolName)).map(viewOf);
}

/**
 * Fires one case and evaluates it; keeps the fire in the run history under the case's name (it
 * happened, whatever became of the case) and stores the outcome as the case's last run (unless
 * the case was deleted or edited meanwhile).
 */
async function runOne(tool: CatalogTool, testCase: store.TestCaseRecord, actor: Actor): Promise<TestCaseRunResult> {
  const context = testCase.context as Record<string, string>;
  const execution = await executeInPlayground({ tool, mode: "fire", arguments: testCase.arguments, context });
  const expectations = testCase.expectations as unknown as Expectation[];
  const results = createRedactor(execution.secrets).redactValue(evaluateExpectations(expectations, execution.facts));
  const passed = results.every((result) => result.passed);
  const run = await recordPlaygroundRun(tool, execution, actor, { id: testCase.id, name: testCase.name, passed });
  await store.recordTestCaseRun(testCase, { passed, results: results as unknown as JsonValue }, actor);
  return { caseId: testCase.id, name: testCase.name, passed, results, run };
}

/**
 * Fires each of tool `toolName`'s cases (only `caseIds` when given) one after another, evaluates
 * its expectations, stores the outcome as the case's last run and returns each with the
 * expected and actual value of every expectation. NotFoundError for an unknown tool.
 */
export async function runTestCases(toolName: string, actor: Actor, options: { caseIds?: readonly number[] } = {}): Promise<TestCaseRunResult[]> {
  const tool = await toolOrThrow(toolName);
  const cases = await store.listTestCases(toolName, options.caseIds);
  const results: TestCaseRunResult[] = [];
  // One at a time: cases may depend on the order they were saved in (create, then read back).
  for (const testCase of cases) results.push(await runOne(tool, testCase, actor));
  return results;
}

/**
 * Fires tool `toolName`'s case `caseId` alone, as {@link runTestCases} fires each. NotFoundError
 * when the case (or the tool) no longer exists.
 */
export async function runTestCase(toolName: string, caseId: number, actor: Actor): Promise<TestCaseRunResult> {
  const [result] = await runTestCases(toolName, actor, { caseIds: [caseId] });
  if (!result) throw new NotFoundError("That test case no longer exists: someone may have deleted it.");
  return result;
}

/**
 * The health of each tool that has cases (tools without cases are absent): failing when any
 * case's last run failed, never_run when any case has not run yet (and none failed), passing
 * otherwise. Limited to `toolNames` when given.
 */
export async function listToolHealth(toolNames?: readonly string[]): Promise<Map<string, ToolHealth>> {
  const health = new Map<string, ToolHealth>();
  for (const { toolName, lastPassed } of await store.listTestCaseOutcomes(toolNames)) {
    const current = health.get(toolName);
    if (lastPassed === false || current === "failing") health.set(toolName, "failing");
    else if (lastPassed === null || current === "never_run") health.set(toolName, "never_run");
    else health.set(toolName, "passing");
  }
  return health;
}
