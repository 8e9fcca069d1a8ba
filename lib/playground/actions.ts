"use server";
/** Saved test cases' server actions: save, edit, delete and run a tool's cases (editors), and what a save offers (everyone). */
import { actionSuccess } from "../actions/action-result";
import { defineAction, type Revalidation } from "../actions/define-action";
import { toolNameSchema } from "../catalog";
import { needsFireConfirmation } from "./fire-confirmation";
import { getPlaygroundTool } from "./playground";
import { saveTestCaseSchema, testCaseSchema, updateTestCaseSchema } from "./schemas";
import { deleteTestCase, listToolHealth, runTestCase, runTestCases, saveTestCase, updateTestCase, type TestCaseView, type ToolHealth } from "./test-cases";

/** The pages that show a tool's cases and health. */
const toolPages = (toolName: string): readonly Revalidation[] => [`/tools/${toolName}`, "/tools", "/playground"];

/** A case's fields with the tool it belongs to. */
const caseOf = (toolName: string, input: unknown) => ({ ...(typeof input === "object" ? input : {}), toolName });

/** Saves a run of `toolName` as a named test case with the chosen expectations. */
export const saveTestCaseAction = defineAction(
  { role: "editor", input: saveTestCaseSchema, from: caseOf, revalidate: ({ toolName }) => toolPages(toolName) },
  async (input, user) => {
    const saved = await saveTestCase(input, user);
    return actionSuccess<TestCaseView>(saved, `Saved test case "${saved.name}".`);
  },
);

/** Changes one of `toolName`'s test cases in place: its name, arguments, context and expectations. */
export const updateTestCaseAction = defineAction(
  { role: "editor", input: updateTestCaseSchema, from: caseOf, revalidate: ({ toolName }) => toolPages(toolName) },
  async (input, user) => {
    const saved = await updateTestCase(input, user);
    return actionSuccess<TestCaseView>(saved, `Saved test case "${saved.name}".`);
  },
);

/** Deletes one of `toolName`'s test cases. */
export const deleteTestCaseAction = defineAction(
  { role: "editor", input: testCaseSchema, from: (toolName: string, id: number) => ({ toolName, id }), revalidate: ({ toolName }) => toolPages(toolName) },
  async ({ id }, user) => {
    await deleteTestCase(id, user);
    return actionSuccess(undefined);
  },
);

/**
 * Runs every test case of `toolName` now and returns how each fared, each fire kept in the run
 * history (editors: it fires the tool; the page asks first when the tool has side effects).
 */
export const runTestCasesAction = defineAction(
  { role: "editor", input: toolNameSchema, from: (toolName: string) => toolName, revalidate: (toolName) => toolPages(toolName) },
  async (toolName, user) => actionSuccess(await runTestCases(toolName, user)),
);

/** Runs test case `id` of `toolName` alone, as Run all runs each. */
export const runTestCaseAction = defineAction(
  { role: "editor", input: testCaseSchema, from: (toolName: string, id: number) => ({ toolName, id }), revalidate: ({ toolName }) => toolPages(toolName) },
  async ({ toolName, id }, user) => actionSuccess(await runTestCase(toolName, id, user)),
);

/** What a save of `toolName` offers about its test cases. */
export interface TestCaseRunOffer {
  readonly health: ToolHealth;
  /** The tool has side effects: its cases run from the Test tab, after the confirmation, never straight from a toast. */
  readonly needsConfirmation: boolean;
}

/** The test health of `toolName` and whether running its cases asks first (null when it has no test cases), so a save can offer to run them. */
export const testCaseRunOfferAction = defineAction(
  { role: "viewer", input: toolNameSchema, from: (toolName: string) => toolName },
  async (toolName) => {
    const health = (await listToolHealth([toolName])).get(toolName);
    const tool = health && (await getPlaygroundTool(toolName));
    return actionSuccess<TestCaseRunOffer | null>(health && tool ? { health, needsConfirmation: needsFireConfirmation(tool) } : null);
  },
);
