/**
 * `output_schema` (SPEC §1.2): optional, the safe subset with an object root, canonical, only
 * beside an extraction that yields a JSON object and never beside halt_when; absent from the
 * persisted form unless declared. The shape a tool is known to have (declared, evidence envelope).
 */
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors";
import { parseToolDefinition, serializeToolDefinition, toolOutputSchema } from ".";

const base = {
  name: "order_status",
  description: "Reads an order.",
  request: { method: "GET", url: "https://api.example.com/orders/1" },
  response: { extract: "json_path", path: "data" },
};

const ORDER_SHAPE = { type: "object", properties: { id: { type: "string" }, state: { type: "string" } }, required: ["id"] };

function problemsOf(document: Record<string, unknown>): { path: string; message: string }[] {
  try {
    parseToolDefinition(document);
  } catch (error) {
    if (error instanceof ValidationError) return error.issues.map(({ path, message }) => ({ path, message }));
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("output_schema: what is accepted", () => {
  it("is absent by default, and a tool without it serialises without the key", () => {
    const definition = parseToolDefinition(base);
    expect(definition.outputSchema).toBeNull();
    expect(serializeToolDefinition(definition)).not.toContain("output_schema");
    expect(parseToolDefinition({ ...base, output_schema: null }).outputSchema).toBeNull();
  });

  it("keeps a schema in the safe subset, with json_path and with body_raw, and serialises it last, keywords in canonical order", () => {
    const written = { required: ["id"], properties: ORDER_SHAPE.properties, type: "object" };
    for (const response of [base.response, { extract: "body_raw" }]) {
      const definition = parseToolDefinition({ ...base, response, output_schema: written });
      expect(definition.outputSchema).toEqual(ORDER_SHAPE);
      const persisted = JSON.parse(serializeToolDefinition(definition)) as Record<string, unknown>;
      expect(Object.keys(persisted).at(-1)).toBe("output_schema");
      expect(JSON.stringify(persisted.output_schema)).toBe(JSON.stringify(ORDER_SHAPE));
    }
  });

  it("round-trips: a stored definition parses back to the same bytes", () => {
    const bytes = serializeToolDefinition(parseToolDefinition({ ...base, output_schema: ORDER_SHAPE }));
    expect(serializeToolDefinition(parseToolDefinition(JSON.parse(bytes)))).toBe(bytes);
  });

  it("allows property names that are not parameter names (they are never placeholders)", () => {
    const schema = { type: "object", properties: { "Order-ID": { type: "string" } } };
    expect(parseToolDefinition({ ...base, output_schema: schema }).outputSchema).toEqual(schema);
  });
});

describe("output_schema: what is refused, with the reason", () => {
  it.each([
    ["a list", [1], /must be a JSON Schema object/],
    ["a string root", { type: "string" }, /output_schema root must be \{"type": "object"\}: a structured result is always an object/],
  ])("%s", (_case, schema, message) => {
    expect(problemsOf({ ...base, output_schema: schema })).toEqual([expect.objectContaining({ path: expect.stringMatching(/^output_schema/), message: expect.stringMatching(message) })]);
  });

  it("refuses keywords outside the safe subset, with the JSON pointer, and a type list", () => {
    const problems = problemsOf({ ...base, output_schema: { type: "object", properties: { id: { anyOf: [{ type: "string" }] }, note: { type: ["string", "null"] } } } });
    expect(problems).toEqual(expect.arrayContaining([
      { path: "output_schema.properties.id.anyOf", message: expect.stringContaining('"anyOf" is not allowed (at /properties/id/anyOf)') },
      { path: "output_schema.properties.note.type", message: expect.stringContaining("must be a single type") },
    ]));
  });

  it("refuses what JSON Schema itself rejects, at its path", () => {
    expect(problemsOf({ ...base, output_schema: { type: "object", properties: { n: { type: "number", minimum: "5" } } } })).toEqual([
      { path: "output_schema.properties.n.minimum", message: "must be number" },
    ]);
  });

  it.each([
    ["status", { extract: "status" }, /cannot describe extract status/],
    ["evidence_envelope", { extract: "evidence_envelope" }, /not needed with extract evidence_envelope/],
  ])("beside extract %s", (_kind, response, message) => {
    const evidence = { fields: { title: "name" }, source: "Orders" };
    expect(problemsOf({ ...base, response, evidence, output_schema: ORDER_SHAPE })).toEqual([{ path: "output_schema", message: expect.stringMatching(message) }]);
  });

  it("beside halt_when, saying why", () => {
    const haltWhen = { json_path: "action", equals: ["ESCALATE"] };
    expect(problemsOf({ ...base, halt_when: haltWhen, output_schema: ORDER_SHAPE })).toEqual([
      { path: "output_schema", message: expect.stringContaining("cannot be combined with halt_when") },
    ]);
  });
});

describe("toolOutputSchema: the shape a tool's results are known to have", () => {
  it("is the declared schema", () => {
    expect(toolOutputSchema(parseToolDefinition({ ...base, output_schema: ORDER_SHAPE }))).toEqual(ORDER_SHAPE);
  });

  it("is the evidence envelope for an evidence tool, and nothing when that tool may halt", () => {
    const evidenceTool = { ...base, response: { extract: "evidence_envelope" }, evidence: { fields: { title: "name" }, source: "Orders" } };
    expect(toolOutputSchema(parseToolDefinition(evidenceTool))).toMatchObject({
      type: "object",
      required: ["source", "retrieved_at", "status", "evidence"],
      properties: { evidence: { type: "array", items: { required: ["id"] } } },
    });
    expect(toolOutputSchema(parseToolDefinition({ ...evidenceTool, halt_when: { json_path: "stop", equals: ["yes"] } }))).toBeNull();
  });

  it("is unknown for any other tool", () => {
    expect(toolOutputSchema(parseToolDefinition(base))).toBeNull();
    expect(toolOutputSchema(parseToolDefinition({ ...base, response: { extract: "body_raw" } }))).toBeNull();
  });
});
