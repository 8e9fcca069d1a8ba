import "server-only";
/** Inputs of the playground: a run (app/api/playground/runs) and saved test cases (lib/playground/actions.ts). */
import { z } from "zod";
import { MAX_TEST_CASE_NAME } from "./test-cases";
import { boundedJson, boundedRecord, boundedName, boundedText, INPUT_LIMITS } from "../actions/input-limits";
import { toolNameSchema } from "../catalog";

/** Turn-context fields (`chat_id`, `tenant`, …) and their values. */
const contextSchema = boundedRecord(boundedText(INPUT_LIMITS.token), boundedText(INPUT_LIMITS.contextValue)).default({});

/** A dry run or fire from the playground. */
export const runSchema = z.object({
  toolName: toolNameSchema,
  mode: z.enum(["dry_run", "fire"], { message: "must be dry_run or fire" }),
  arguments: boundedJson(INPUT_LIMITS.argumentsBytes),
  context: contextSchema,
});

/** A run saved as a named test case with the chosen expectations. */
export const saveTestCaseSchema = z.object({
  toolName: toolNameSchema,
  name: boundedName(MAX_TEST_CASE_NAME),
  arguments: boundedJson(INPUT_LIMITS.argumentsBytes),
  context: contextSchema,
  expectations: boundedJson(INPUT_LIMITS.expectationsBytes),
});

const testCaseIdSchema = z.number().int().positive("Choose a test case");

/** A saved test case of a tool. */
export const testCaseSchema = z.object({ toolName: toolNameSchema, id: testCaseIdSchema });

/** New values for a saved test case, edited from the case as it was at `basedOn` (its `updatedAt`). */
export const updateTestCaseSchema = saveTestCaseSchema.extend({ id: testCaseIdSchema, basedOn: boundedText(INPUT_LIMITS.id) });
