import { describe, expect, it } from "vitest";
import { caseRunSummary, countOf } from "./wording";

describe("countOf", () => {
  it.each([
    [0, "test case", undefined, "0 test cases"],
    [1, "test case", undefined, "1 test case"],
    [2, "test case", undefined, "2 test cases"],
    [1, "error", undefined, "1 error"],
    [3, "error", undefined, "3 errors"],
    [2, "reply", "replies", "2 replies"],
  ])("%i %s → %s", (count, noun, plural, text) => {
    expect(countOf(count, noun, plural)).toBe(text);
  });
});

describe("caseRunSummary", () => {
  const ran = (...verdicts: boolean[]) => verdicts.map((passed, index) => ({ name: `case ${index + 1}`, passed }));

  it.each<[string, boolean[], string | undefined, string]>([
    ["no case", [], undefined, "There are no test cases to run."],
    ["no case, of a tool", [], "create_order", "create_order has no test cases to run."],
    ["one case passing, by its name", [true], undefined, 'Test case "case 1" passed.'],
    ["one case failing, by its name", [false], undefined, 'Test case "case 1" failed.'],
    ["one case of a tool", [true], "create_order", 'Test case "case 1" of create_order passed.'],
    ["every case passing", [true, true, true], undefined, "All 3 test cases passed."],
    ["one of several failing", [true, false, true], undefined, "1 of 3 test cases failed."],
    ["several failing", [false, false], undefined, "2 of 2 test cases failed."],
    ["several of a tool", [true, false], "create_order", "1 of 2 test cases of create_order failed."],
  ])("%s", (_name, verdicts, toolName, sentence) => {
    expect(caseRunSummary(ran(...verdicts), toolName)).toBe(sentence);
  });
});
