/**
 * SPEC §1.8: `request.body_format` and `request.query_style` — what is accepted, what is refused
 * (with the path and a sentence to act on), and the canonical form (the defaults are not written,
 * so a tool without them keeps its bytes).
 */
import { describe, expect, it } from "vitest";
import { parseToolDefinition, serializeToolDefinition, toPersistedForm } from "./definition";
import { documentWith, problemsOf } from "./test-support/definition-fixtures";

const PARAMETERS = {
  type: "object",
  properties: {
    amount: { type: "integer" },
    ids: { type: "array", items: { type: "string" } },
    name: { type: "string" },
  },
  required: ["amount"],
};

function withRequest(request: Record<string, unknown>): Record<string, unknown> {
  return documentWith({ parameters: PARAMETERS, request: { method: "POST", url: "https://api.example.com/charges", ...request } });
}

function messagesAt(input: unknown, path: string): string[] {
  return problemsOf(input).filter((issue) => issue.path === path).map((issue) => issue.message);
}

describe("request.body_format (SPEC §1.8)", () => {
  it("defaults to json and is not written then, so older tools keep their bytes", () => {
    const plain = withRequest({ body: { amount: "{{amount}}" } });
    const explicit = withRequest({ body: { amount: "{{amount}}" }, body_format: "json" });
    expect(parseToolDefinition(plain).request.bodyFormat).toBe("json");
    expect(serializeToolDefinition(parseToolDefinition(explicit))).toBe(serializeToolDefinition(parseToolDefinition(plain)));
    expect(Object.keys(toPersistedForm(parseToolDefinition(plain)).request)).toEqual(["method", "url", "headers", "query", "body"]);
  });

  it('keeps "form" after the body, and reads its own output back to the same bytes', () => {
    const definition = parseToolDefinition(withRequest({ body: { amount: "{{amount}}", metadata: { order: "{{name}}" }, tags: ["a", "b"] }, body_format: "form" }));
    const persisted = toPersistedForm(definition);
    expect(Object.keys(persisted.request)).toEqual(["method", "url", "headers", "query", "body", "body_format"]);
    expect(persisted.request.body_format).toBe("form");
    expect(serializeToolDefinition(parseToolDefinition(persisted))).toBe(serializeToolDefinition(definition));
  });

  it.each([["yaml"], ["FORM"], [1], [true]])("refuses %j with the three choices", (format) => {
    expect(messagesAt(withRequest({ body: { a: 1 }, body_format: format }), "request.body_format")).toEqual([
      expect.stringContaining('must be "json" (the default), "form" (application/x-www-form-urlencoded) or "xml"'),
    ]);
  });

  it.each<[string, unknown, string]>([
    ["no body", null, "a form body needs its fields"],
    ["a list", ["a", "b"], "a form body must be an object of field → value, found a list"],
    ["text", "a=1", "a form body must be an object of field → value, found a string"],
  ])("refuses a form with %s", (_case, body, message) => {
    expect(messagesAt(withRequest({ body, body_format: "form" }), "request.body")).toEqual([expect.stringContaining(message)]);
  });

  it("refuses a null field wherever it is, naming it", () => {
    const problems = problemsOf(withRequest({ body: { a: null, nested: { b: null }, list: ["x", null] }, body_format: "form" }));
    expect(problems.map((issue) => issue.path)).toEqual(["request.body.a", "request.body.nested.b", "request.body.list.1"]);
    expect(problems[0]!.message).toContain("a form field cannot be null");
  });

  it("refuses a body format on a request that takes no body", () => {
    expect(messagesAt(withRequest({ method: "GET", body_format: "form" }), "request.body_format")).toEqual([
      "a GET request takes no body, so it has no body format: remove body_format",
    ]);
  });
});

describe("request.query_style (SPEC §1.8)", () => {
  it("keeps a joined style for a key holding exactly a list parameter's placeholder", () => {
    const definition = parseToolDefinition(withRequest({ query: { ids: "{{ids}}", q: "{{name}}" }, query_style: { ids: "comma" } }));
    expect(definition.request.queryStyle).toEqual({ ids: "comma" });
    const persisted = toPersistedForm(definition);
    expect(Object.keys(persisted.request)).toEqual(["method", "url", "headers", "query", "body", "query_style"]);
    expect(serializeToolDefinition(parseToolDefinition(persisted))).toBe(serializeToolDefinition(definition));
  });

  it('does not keep "repeat", the default: the same tool, the same bytes', () => {
    const repeated = parseToolDefinition(withRequest({ query: { ids: "{{ids}}" }, query_style: { ids: "repeat" } }));
    const plain = parseToolDefinition(withRequest({ query: { ids: "{{ids}}" } }));
    expect(repeated.request.queryStyle).toEqual({});
    expect(serializeToolDefinition(repeated)).toBe(serializeToolDefinition(plain));
  });

  it("keeps every style as written", () => {
    for (const style of ["comma", "space", "pipe"]) {
      const definition = parseToolDefinition(withRequest({ query: { ids: "{{ids}}" }, query_style: { ids: style } }));
      expect(definition.request.queryStyle).toEqual({ ids: style });
    }
  });

  it.each<[string, Record<string, unknown>, unknown, string]>([
    ["an unknown style", { ids: "{{ids}}" }, { ids: "semicolon" }, "must be one of repeat, comma, space, pipe"],
    ["a key not in the query", { ids: "{{ids}}" }, { other: "comma" }, 'names no entry of request.query: add "other" there'],
    ["a key whose value is not a placeholder", { ids: "a,b" }, { ids: "comma" }, "applies only to a query value that is exactly the placeholder of a list parameter"],
    ["a key holding text around the placeholder", { ids: "x{{ids}}" }, { ids: "comma" }, "exactly the placeholder of a list parameter"],
    ["a key holding a text parameter", { q: "{{name}}" }, { q: "pipe" }, '"q" is not one'],
    ["a key holding a ctx field", { t: "{{ctx.tenant}}" }, { t: "comma" }, '"t" is not one'],
  ])("refuses %s, at the key's path", (_case, query, style, message) => {
    const key = Object.keys(style as object)[0]!;
    expect(messagesAt(withRequest({ query, query_style: style }), `request.query_style.${key}`)).toEqual([expect.stringContaining(message)]);
  });

  it("refuses a style map that is not an object", () => {
    expect(messagesAt(withRequest({ query: { ids: "{{ids}}" }, query_style: "comma" }), "request.query_style")).toEqual([
      expect.stringContaining("must be an object of query key → repeat | comma | space | pipe"),
    ]);
  });

  it("does not mistake an inherited property for a parameter", () => {
    expect(messagesAt(withRequest({ query: { c: "{{constructor}}" }, query_style: { c: "comma" } }), "request.query_style.c")).toEqual([
      expect.stringContaining('"c" is not one'),
    ]);
  });
});
