import { describe, expect, it } from "vitest";
import { runLabel } from "./run-format";

describe("runLabel", () => {
  it.each([
    ["a run from the form, by its number among the tool's runs", { number: 2, testCase: null }, "Run 2"],
    ["a test case's run, with the case's name", { number: 4, testCase: { id: 9, name: "happy path" } }, 'Run 4, test case "happy path"'],
  ])("names %s", (_name, run, label) => {
    expect(runLabel(run)).toBe(label);
  });
});
