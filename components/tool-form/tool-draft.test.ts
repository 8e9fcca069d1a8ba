/**
 * The editor's draft ↔ persisted form for the output schema: a stored schema comes back as the
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
