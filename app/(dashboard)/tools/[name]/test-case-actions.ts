"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { saveTestCaseSchema, testCaseSchema, updateTestCaseSchema } from "@/lib/actions/schemas/test-runs";
import { toolNameSchema } from "@/lib/actions/schemas/tools";
import { requireRole } from "@/lib/auth/session";
import { deleteTestCase, listToolHealth, runTestCases, saveTestCase, updateTestCase, type TestCaseRunResult, type TestCaseView, type ToolHealth } from "@/lib/runtime/test-cases";

function revalidateTool(toolName: string) {
  revalidatePath(`/tools/${toolName}`);
  revalidatePath("/tools");
  revalidatePath("/playground");
}

/** Saves a run of `toolName` as a named test case with the chosen expectations (editors). */
export async function saveTestCaseAction(toolName: string, input: unknown): Promise<ActionResult<TestCaseView>> {
  try {
    const user = await requireRole("editor");
    const parsed = parseInput(saveTestCaseSchema, { ...(typeof input === "object" ? input : {}), toolName });
    const saved = await saveTestCase(parsed, user);
    revalidateTool(parsed.toolName);
    return actionSuccess(saved, `Saved test case "${saved.name}".`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Changes one of `toolName`'s test cases in place: its name, arguments, context and expectations (editors). */
export async function updateTestCaseAction(toolName: string, input: unknown): Promise<ActionResult<TestCaseView>> {
  try {
    const user = await requireRole("editor");
    const parsed = parseInput(updateTestCaseSchema, { ...(typeof input === "object" ? input : {}), toolName });
    const saved = await updateTestCase(parsed, user);
    revalidateTool(parsed.toolName);
    return actionSuccess(saved, `Saved test case "${saved.name}".`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Deletes one of `toolName`'s test cases (editors). */
export async function deleteTestCaseAction(toolName: string, id: number): Promise<ActionResult<undefined>> {
  try {
    const user = await requireRole("editor");
    const input = parseInput(testCaseSchema, { toolName, id });
    await deleteTestCase(input.id, user);
    revalidateTool(input.toolName);
    return actionSuccess(undefined);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Runs every test case of `toolName` now and returns how each fared (editors: it fires the tool). */
export async function runTestCasesAction(toolName: string): Promise<ActionResult<readonly TestCaseRunResult[]>> {
  try {
    const user = await requireRole("editor");
    const name = parseInput(toolNameSchema, toolName);
    const results = await runTestCases(name, user);
    revalidateTool(name);
    return actionSuccess(results);
  } catch (error) {
    return actionFailure(error);
  }
}

/** The test health of `toolName` (null when it has no test cases), so a save can offer to run them. */
export async function toolTestHealthAction(toolName: string): Promise<ActionResult<ToolHealth | null>> {
  try {
    await requireRole("viewer");
    const name = parseInput(toolNameSchema, toolName);
    return actionSuccess((await listToolHealth([name])).get(name) ?? null);
  } catch (error) {
    return actionFailure(error);
  }
}
