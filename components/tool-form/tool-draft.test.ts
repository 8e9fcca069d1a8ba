/**
 * The editor's draft ↔ persisted form (output schema, trace context, request encodings): a stored value comes back as the
 * text the editor shows and goes out unchanged; empty text declares none; text that is not JSON
 * is an issue at output_schema, and the validator judges the rest.
 */
import { describe, expect, it } from "vitest";
import { parseToolDefinition, toPersistedForm } from "@/lib/tools/client";
import { documentFromDraft, draftFromPersisted, emptyDraft } from "./tool-draft";

const ORDER_SHAPE = { type: "object", properties: { id: { type: "string" } }, required: ["id"] };
const stored = toPersistedForm(
  parseToolDefinition({
    name: "order_state",
    description: "Reads an order.",
    request: { method: "GET", url: "https://api.example.com/orders" },
    response: { extract: "json_path", path: "data" },
    output_schema: ORDER_SHAPE,
  }),
);

describe("output schema in the draft", () => {
  it("shows a stored schema as indented JSON and saves it back unchanged", () => {
    const draft = draftFromPersisted(stored);
    expect(draft.outputSchema).toBe(JSON.stringify(ORDER_SHAPE, null, 2));
    const { document, issues } = documentFromDraft(draft);
    expect(issues).toEqual([]);
    expect(toPersistedForm(parseToolDefinition(document))).toEqual(stored);
  });

  it("declares none when the text is empty", () => {
    const { document } = documentFromDraft({ ...draftFromPersisted(stored), outputSchema: "  " });
    expect(document).not.toHaveProperty("output_schema");
    expect(emptyDraft().outputSchema).toBe("");
  });

  it("reports text that is not JSON at output_schema", () => {
    const { issues } = documentFromDraft({ ...draftFromPersisted(stored), outputSchema: '{"type": "object",' });
    expect(issues).toEqual([{ path: "output_schema", message: expect.stringMatching(/^is not valid JSON/) }]);
  });
});

describe("trace context in the draft", () => {
  it("is on for a new tool and for a stored one that does not say, and saves nothing then", () => {
    expect(emptyDraft().traceContext).toBe(true);
    const draft = draftFromPersisted(stored);
    expect(draft.traceContext).toBe(true);
    expect(documentFromDraft(draft).document).not.toHaveProperty("trace_context");
  });

  it("saves trace_context false when the operator turns it off, and shows it off again", () => {
    const { document } = documentFromDraft({ ...draftFromPersisted(stored), traceContext: false });
    expect(document.trace_context).toBe(false);
    const saved = toPersistedForm(parseToolDefinition(document));
    expect(draftFromPersisted(saved).traceContext).toBe(false);
  });
});

describe("request encodings in the draft (SPEC §1.8)", () => {
  const charge = toPersistedForm(
    parseToolDefinition({
      name: "create_charge",
      description: "Charges a card.",
      parameters: { type: "object", properties: { amount: { type: "integer" }, expand: { type: "array", items: { type: "string" } } }, required: ["amount"] },
      request: {
        method: "POST",
        url: "https://api.example.com/charges",
        query: { expand: "{{expand}}" },
        query_style: { expand: "comma" },
        body: { amount: "{{amount}}", currency: "eur" },
        body_format: "form",
      },
    }),
  );

  it("shows a stored form body and query style and saves them back unchanged", () => {
    const draft = draftFromPersisted(charge);
    expect(draft.bodyFormat).toBe("form");
    expect(draft.query.map((row) => [row.name, row.style])).toEqual([["expand", "comma"]]);
    const { document, issues } = documentFromDraft(draft);
    expect(issues).toEqual([]);
    expect(toPersistedForm(parseToolDefinition(document))).toEqual(charge);
  });

  it("writes neither for a JSON body and repeated keys", () => {
    const draft = draftFromPersisted(charge);
    const { document } = documentFromDraft({ ...draft, bodyFormat: "json", query: draft.query.map((row) => ({ ...row, style: "repeat" })) });
    expect(Object.keys(document.request as object)).toEqual(["method", "url", "headers", "query", "body"]);
    expect(emptyDraft().bodyFormat).toBe("json");
  });

  it("keeps the form choice out of a GET, which has no body to format", () => {
    const { document } = documentFromDraft({ ...draftFromPersisted(charge), method: "GET", body: "" });
    expect(document.request).not.toHaveProperty("body_format");
  });
});

describe("secret query keys in the draft (SPEC §1.8)", () => {
  const keyed = toPersistedForm(
    parseToolDefinition({
      name: "geocode",
      description: "Geocodes an address.",
      request: { method: "GET", url: "https://maps.example.com/geocode", query: { key: "", Key: "public", units: "metric" } },
      secret_query: ["key"],
    }),
  );

  it("marks exactly the named key secret (query keys are case-sensitive) and saves it back unchanged", () => {
    const draft = draftFromPersisted(keyed);
    expect(draft.query.map(({ name, value, secret }) => ({ name, value, secret }))).toEqual([
      { name: "key", value: "", secret: true },
      { name: "Key", value: "public", secret: false },
      { name: "units", value: "metric", secret: false },
    ]);
    expect(toPersistedForm(parseToolDefinition(documentFromDraft(draft).document))).toEqual(keyed);
  });

  it("writes secret_query only while a key is secret, and never a typed value for it", () => {
    const draft = draftFromPersisted(keyed);
    const unmarked = documentFromDraft({ ...draft, query: draft.query.map((row) => ({ ...row, secret: false })) }).document;
    expect(unmarked).not.toHaveProperty("secret_query");
    const typed = documentFromDraft({ ...draft, query: draft.query.map((row) => (row.secret ? { ...row, value: "AIza-typed-0123" } : row)) }).document;
    expect((typed.request as { query: Record<string, string> }).query.key).toBe("");
  });
});
