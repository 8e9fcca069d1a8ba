/**
 * A JSONPath spelling (`$.data.status`) where a dotted path belongs (SPEC §1.4) would never match,
 * so a tool saved with one failed only at its first call. Every path of a definition refuses it
 * at authoring time, with the dotted path to write.
 */
import { describe, expect, it } from "vitest";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

const FIX = 'is written as JSONPath, which Quiver\'s dotted paths are not: write "data.status" (numbers index lists)';

describe("paths written as JSONPath", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["response.path", { response: { extract: "json_path", path: "$.data.status" } }, "response.path"],
    ["halt_when.json_path", { halt_when: { json_path: "$.data.status", equals: ["x"] } }, "halt_when.json_path"],
    ["halt_when.say.json_path", { halt_when: { json_path: "action", equals: ["x"], say: { json_path: "$['data']['status']" } } }, "halt_when.say.json_path"],
    ["evidence.items_path", { evidence: { items_path: "$.data.status", fields: { title: "name" } } }, "evidence.items_path"],
    ["an evidence field", { evidence: { fields: { title: "$.data.status" } } }, "evidence.fields.title"],
  ])("are refused at %s with the dotted path to write", (_where, overrides, path) => {
    expect(problemsOf(documentWith(overrides)).filter((issue) => issue.path === path).map((issue) => issue.message)).toEqual([FIX]);
  });
});
