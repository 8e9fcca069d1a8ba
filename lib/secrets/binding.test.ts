import { describe, expect, it } from "vitest";
import { associatedDataOf, BOUND_TO_TOOL_AND_HEADER, toolSecretAssociatedData, UNBOUND } from "./binding";

describe("tool secret binding", () => {
  it("names the tool and the header, ignoring the header's case", () => {
    expect(toolSecretAssociatedData("tool-1", "Authorization")).toBe(toolSecretAssociatedData("tool-1", "AUTHORIZATION"));
    expect(toolSecretAssociatedData("tool-1", "Authorization")).not.toBe(toolSecretAssociatedData("tool-2", "Authorization"));
    expect(toolSecretAssociatedData("tool-1", "Authorization")).not.toBe(toolSecretAssociatedData("tool-1", "X-Api-Key"));
  });

  it("cannot be made ambiguous by the parts it joins", () => {
    expect(toolSecretAssociatedData("a", "b,c")).not.toBe(toolSecretAssociatedData("a,b", "c"));
  });

  it("reads each stored binding version", () => {
    expect(associatedDataOf(UNBOUND, "tool-1", "Authorization")).toBeUndefined();
    expect(associatedDataOf(BOUND_TO_TOOL_AND_HEADER, "tool-1", "Authorization")).toBe(toolSecretAssociatedData("tool-1", "authorization"));
    expect(() => associatedDataOf(7, "tool-1", "Authorization")).toThrow(/binding version 7/);
  });
});
