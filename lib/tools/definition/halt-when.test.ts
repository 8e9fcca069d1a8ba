import { describe, expect, it } from "vitest";
import { parseToolDefinition, toPersistedForm } from "./definition";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

function withHalt(halt_when: unknown): Record<string, unknown> {
  return documentWith({ halt_when });
}

function messagesAt(input: unknown, path: string): string[] {
  return problemsOf(input).filter((issue) => issue.path === path).map((issue) => issue.message);
}

describe("halt_when (SPEC §1.2, §1.6)", () => {
  const accepted: { rule: string; halt: unknown; expected: unknown; persisted: unknown }[] = [
    { rule: "absent means never halt", halt: undefined, expected: null, persisted: null },
    { rule: "null means never halt", halt: null, expected: null, persisted: null },
    {
      rule: "without say",
      halt: { json_path: "action", equals: ["ESCALATE"] },
      expected: { jsonPath: "action", equals: ["ESCALATE"], say: null },
      persisted: { json_path: "action", equals: ["ESCALATE"], say: null },
    },
    {
      rule: "scalars in equals are stored as strings",
      halt: { json_path: "data.0.code", equals: ["A", 1, 2.5, true, false, ""] },
      expected: { jsonPath: "data.0.code", equals: ["A", "1", "2.5", "true", "false", ""], say: null },
      persisted: { json_path: "data.0.code", equals: ["A", "1", "2.5", "true", "false", ""], say: null },
    },
    {
      rule: "say as a literal",
      halt: { json_path: "action", equals: ["ESCALATE"], say: { text: "CALL_SUPPORT" } },
      expected: { jsonPath: "action", equals: ["ESCALATE"], say: { text: "CALL_SUPPORT" } },
      persisted: { json_path: "action", equals: ["ESCALATE"], say: { text: "CALL_SUPPORT" } },
    },
    {
      rule: "say from the body",
      halt: { say: { json_path: "reply.text" }, equals: ["DONE"], json_path: "status" },
      expected: { jsonPath: "status", equals: ["DONE"], say: { jsonPath: "reply.text" } },
      persisted: { json_path: "status", equals: ["DONE"], say: { json_path: "reply.text" } },
    },
    {
      rule: "say with the other key null",
      halt: { json_path: "action", equals: ["X"], say: { text: "T", json_path: null } },
      expected: { jsonPath: "action", equals: ["X"], say: { text: "T" } },
      persisted: { json_path: "action", equals: ["X"], say: { text: "T" } },
    },
  ];

  it.each(accepted)("accepts $rule", ({ halt, expected, persisted }) => {
    const definition = parseToolDefinition(withHalt(halt));
    expect(definition.haltWhen).toEqual(expected);
    expect(JSON.stringify(toPersistedForm(definition).halt_when)).toBe(JSON.stringify(persisted));
  });

  const refused: { rule: string; halt: unknown; path: string; message: RegExp }[] = [
    { rule: "not an object", halt: "action", path: "halt_when", message: /must be an object/ },
    { rule: "json_path is required", halt: { equals: ["X"] }, path: "halt_when.json_path", message: /is required: a dotted path/ },
    { rule: "json_path is a valid path", halt: { json_path: "a..b", equals: ["X"] }, path: "halt_when.json_path", message: /must be a dotted path/ },
    { rule: "equals is required", halt: { json_path: "a" }, path: "halt_when.equals", message: /non-empty list/ },
    { rule: "equals is not empty", halt: { json_path: "a", equals: [] }, path: "halt_when.equals", message: /non-empty list/ },
    { rule: "equals is a list", halt: { json_path: "a", equals: "X" }, path: "halt_when.equals", message: /non-empty list/ },
    { rule: "equals holds scalars, not objects", halt: { json_path: "a", equals: ["X", { v: 1 }] }, path: "halt_when.equals.1", message: /text, number or boolean/ },
    { rule: "equals holds no null", halt: { json_path: "a", equals: [null] }, path: "halt_when.equals.0", message: /found null/ },
    { rule: "say with both keys", halt: { json_path: "a", equals: ["X"], say: { text: "T", json_path: "r" } }, path: "halt_when.say", message: /exactly one of "text".*or "json_path"/ },
    { rule: "say with neither key", halt: { json_path: "a", equals: ["X"], say: {} }, path: "halt_when.say", message: /exactly one of/ },
    { rule: "say is an object", halt: { json_path: "a", equals: ["X"], say: "CALL" }, path: "halt_when.say", message: /must be \{"text": …\} or \{"json_path": …\}/ },
    { rule: "say text is not blank", halt: { json_path: "a", equals: ["X"], say: { text: "  " } }, path: "halt_when.say.text", message: /non-blank/ },
    { rule: "say text is text", halt: { json_path: "a", equals: ["X"], say: { text: 3 } }, path: "halt_when.say.text", message: /non-blank text/ },
    { rule: "say json_path is a valid path", halt: { json_path: "a", equals: ["X"], say: { json_path: ".r" } }, path: "halt_when.say.json_path", message: /dotted path/ },
    { rule: "an unknown say key", halt: { json_path: "a", equals: ["X"], say: { text: "T", txt: "U" } }, path: "halt_when.say.txt", message: /did you mean "text"/ },
    { rule: "an unknown key", halt: { json_path: "a", equals: ["X"], equal: ["Y"] }, path: "halt_when.equal", message: /did you mean "equals"/ },
  ];

  it.each(refused)("refuses: $rule → $path", ({ halt, path, message }) => {
    expect(messagesAt(withHalt(halt), path)).toContainEqual(expect.stringMatching(message));
  });
});
