import { describe, expect, it } from "vitest";
import { BUILTIN_TOOL_NAMES, builtinTools, isBuiltinToolName } from "./index";

describe("builtinTools", () => {
  it("lists every built-in tool once, in BUILTIN_TOOL_NAMES order", () => {
    expect(builtinTools().map((tool) => tool.name)).toEqual([...BUILTIN_TOOL_NAMES]);
  });

  it("uses names data tools could otherwise take, so the store can reserve them", () => {
    for (const name of BUILTIN_TOOL_NAMES) expect(name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });

  it("marks every built-in as a side-effect-free code tool with a description", () => {
    for (const tool of builtinTools()) {
      expect(tool).toMatchObject({ origin: "code", sideEffect: false });
      expect(tool.description.trim()).not.toBe("");
    }
  });

  it("returns fresh instances on each call", () => {
    expect(builtinTools()[0]).not.toBe(builtinTools()[0]);
  });

  it.each([
    ["current_time", true],
    ["format_number", true],
    ["lookup_order", false],
    ["Current_Time", false],
  ])("isBuiltinToolName(%s) is %s", (name, expected) => {
    expect(isBuiltinToolName(name)).toBe(expected);
  });
});
