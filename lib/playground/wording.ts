/**
 * How the playground counts in words (issue 26: "(1 errors)", "All 1 test cases"): a count with
 * its noun in the right number, and the one sentence that sums up a run of saved test cases,
 * wherever it is shown (the Test tab's live region, the toast after a save). Pure and browser-safe.
 */
import type { TestCaseRunResult } from "./playground-types";

/** `count` and `noun`, the noun plural unless the count is one: "1 test case", "3 test cases". */
export function countOf(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/**
 * One sentence for how the test cases in `results` fared, in the past tense: a single case by its
 * name (`Test case "happy path" failed.`), several as a count ("All 3 test cases passed.",
 * "1 of 3 test cases failed."). With `toolName`, the sentence says whose cases they were.
 */
export function caseRunSummary(results: readonly Pick<TestCaseRunResult, "name" | "passed">[], toolName?: string): string {
  const of = toolName ? ` of ${toolName}` : "";
  const [only] = results;
  if (!only) return toolName ? `${toolName} has no test cases to run.` : "There are no test cases to run.";
  if (results.length === 1) return `Test case "${only.name}"${of} ${only.passed ? "passed" : "failed"}.`;
  const failed = results.filter((result) => !result.passed).length;
  if (failed === 0) return `All ${results.length} test cases${of} passed.`;
  return `${failed} of ${countOf(results.length, "test case")}${of} failed.`;
}
