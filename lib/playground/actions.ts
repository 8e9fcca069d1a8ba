"use server";
/** Saved test cases' server actions: save, edit, delete and run a tool's cases (editors), and its health (everyone). */
import { actionSuccess } from "../actions/action-result";
import { defineAction, type Revalidation } from "../actions/define-action";
import { toolNameSchema } from "../catalog";
import { saveTestCaseSchema, testCaseSchema, updateTestCaseSchema } from "./schemas";
import { deleteTestCase, listToolHealth, runTestCases, saveTestCase, updateTestCase, type TestCaseView } from "./test-cases";

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

/** Runs every test case of `toolName` now and returns how each fared (editors: it fires the tool). */
export const runTestCasesAction = defineAction(
  { role: "editor", input: toolNameSchema, from: (toolName: string) => toolName, revalidate: (toolName) => toolPages(toolName) },
  async (toolName, user) => actionSuccess(await runTestCases(toolName, user)),
);

/** The test health of `toolName` (null when it has no test cases), so a save can offer to run them. */
export const toolTestHealthAction = defineAction(
  { role: "viewer", input: toolNameSchema, from: (toolName: string) => toolName },
  async (toolName) => actionSuccess((await listToolHealth([toolName])).get(toolName) ?? null),
);
