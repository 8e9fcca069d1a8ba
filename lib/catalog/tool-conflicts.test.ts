import { describe, expect, it } from "vitest";
import type { JsonValue } from "../tools";
import { changedFields, staleSaveMessage } from "./tool-conflicts";

describe("changedFields", () => {
  const base = {
    name: "t",
    description: "d",
    request: { method: "GET", url: "https://a.example/x", headers: { A: "1" }, query: {}, body: null },
    tags: ["a"],
  };

  it.each<{ change: string; after: JsonValue; expected: string[] }>([
    { change: "nothing", after: base, expected: [] },
    { change: "a top-level scalar", after: { ...base, description: "e" }, expected: ["description"] },
    { change: "a nested field", after: { ...base, request: { ...base.request, url: "https://a.example/y" } }, expected: ["request.url"] },
    { change: "deeper than two levels", after: { ...base, request: { ...base.request, headers: { A: "2" } } }, expected: ["request.headers"] },
    { change: "a list", after: { ...base, tags: ["a", "b"] }, expected: ["tags"] },
    { change: "an added section, field by field", after: { ...base, evidence: { source: "s" } }, expected: ["evidence.source"] },
    { change: "two fields", after: { ...base, name: "u", tags: [] }, expected: ["name", "tags"] },
  ])("reports $change", ({ after, expected }) => {
    expect(changedFields(base, after)).toEqual(expected);
  });

  it("reports a removed key", () => {
    const { tags: _removed, ...withoutTags } = base;
    expect(changedFields(base, withoutTags)).toEqual(["tags"]);
  });
});

describe("staleSaveMessage", () => {
  const stale = {
    name: "lookup_order",
    baseVersion: 2,
    currentVersion: 4,
    updatedBy: "ana@example.com",
    updatedAt: new Date("2026-11-30T10:00:00.000Z"),
  };

  it("says who, when, which versions and what changed", () => {
    const message = staleSaveMessage({ ...stale, changed: ["description", "request.url"] });
    for (const part of ["lookup_order", "ana@example.com", "2026-11-30T10:00:00.000Z", "version 4", "version 2", "description, request.url"]) {
      expect(message).toContain(part);
    }
  });

  it("says when only secret values changed", () => {
    expect(staleSaveMessage({ ...stale, changed: [] })).toContain("Only its secret values changed");
  });

  it("says when the base version never existed", () => {
    expect(staleSaveMessage({ ...stale, baseVersion: 9, changed: null })).toContain("It never had version 9.");
  });
});
