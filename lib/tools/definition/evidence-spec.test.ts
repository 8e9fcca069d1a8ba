import { describe, expect, it } from "vitest";
import { parseToolDefinition, toPersistedForm } from "./definition";
import { DEFAULT_EVIDENCE_ITEMS, MAX_EVIDENCE_ITEMS } from "./evidence-spec";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

function withEvidence(evidence: unknown): Record<string, unknown> {
  return documentWith({ evidence, response: { extract: "evidence_envelope" } });
}

function messagesAt(input: unknown, path: string): string[] {
  return problemsOf(input).filter((issue) => issue.path === path).map((issue) => issue.message);
}

describe("evidence (SPEC §1.7)", () => {
  it("reads the SPEC example and writes it back in canonical order", () => {
    const evidence = { items_path: "results", fields: { title: "name", url: "link", quote: "summary" }, source: "Orders API", max_items: 10 };
    const definition = parseToolDefinition(withEvidence({ max_items: 10, source: "Orders API", fields: evidence.fields, items_path: "results" }));
    expect(definition.evidence).toEqual({ itemsPath: "results", fields: evidence.fields, source: "Orders API", maxItems: 10 });
    expect(JSON.stringify(toPersistedForm(definition).evidence)).toBe(JSON.stringify(evidence));
  });

  it("defaults: the whole body is one record, the source is the tool's name, max_items is spelled out", () => {
    const definition = parseToolDefinition(withEvidence({ fields: { title: "data.name" } }));
    expect(definition.evidence).toEqual({ itemsPath: null, fields: { title: "data.name" }, source: "get_weather", maxItems: DEFAULT_EVIDENCE_ITEMS });
  });

  it("keeps field order as written and trims the source", () => {
    const definition = parseToolDefinition(withEvidence({ fields: { z: "a", b: "c.0.d", m: "e" }, source: "  Docs " }));
    expect(Object.keys(definition.evidence!.fields)).toEqual(["z", "b", "m"]);
    expect(definition.evidence!.source).toBe("Docs");
  });

  it.each([[1], [MAX_EVIDENCE_ITEMS]])("accepts max_items %d", (maxItems) => {
    expect(parseToolDefinition(withEvidence({ fields: { t: "x" }, max_items: maxItems })).evidence!.maxItems).toBe(maxItems);
  });

  it("may be declared with another extract (the envelope is then simply unused)", () => {
    const definition = parseToolDefinition(documentWith({ evidence: { fields: { t: "x" } } }));
    expect(definition.response.extract).toBe("body_raw");
    expect(definition.evidence).not.toBeNull();
  });

  const refused: { rule: string; evidence: unknown; path: string; message: RegExp }[] = [
    { rule: "not an object", evidence: ["title"], path: "evidence", message: /must be an object/ },
    { rule: "fields is required", evidence: { source: "x" }, path: "evidence.fields", message: /at least one label/ },
    { rule: "fields is not empty", evidence: { fields: {} }, path: "evidence.fields", message: /at least one label/ },
    { rule: "fields is an object", evidence: { fields: ["name"] }, path: "evidence.fields", message: /at least one label/ },
    { rule: "a field maps to a valid path", evidence: { fields: { title: "a..b" } }, path: "evidence.fields.title", message: /dotted path inside each record/ },
    { rule: "a field maps to text", evidence: { fields: { title: 1 } }, path: "evidence.fields.title", message: /dotted path/ },
    { rule: "the label id is reserved", evidence: { fields: { id: "code" } }, path: "evidence.fields.id", message: /"id" is reserved/ },
    { rule: "a label is not blank", evidence: { fields: { " ": "code" } }, path: "evidence.fields. ", message: /non-blank label/ },
    { rule: "items_path is a valid path", evidence: { items_path: "", fields: { t: "x" } }, path: "evidence.items_path", message: /dotted path to the list/ },
    { rule: "source is not blank", evidence: { source: " ", fields: { t: "x" } }, path: "evidence.source", message: /non-blank text/ },
    { rule: "max_items at least 1", evidence: { max_items: 0, fields: { t: "x" } }, path: "evidence.max_items", message: /from 1 to 100, found 0/ },
    { rule: "max_items at most 100", evidence: { max_items: 101, fields: { t: "x" } }, path: "evidence.max_items", message: /from 1 to 100/ },
    { rule: "max_items whole", evidence: { max_items: 2.5, fields: { t: "x" } }, path: "evidence.max_items", message: /whole number/ },
    { rule: "an unknown key", evidence: { field: { t: "x" }, fields: { t: "x" } }, path: "evidence.field", message: /did you mean "fields"/ },
  ];

  it.each(refused)("refuses: $rule → $path", ({ evidence, path, message }) => {
    expect(messagesAt(withEvidence(evidence), path)).toContainEqual(expect.stringMatching(message));
  });
});
