import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors";
import { parseToolDefinition, serializeToolDefinition, toPersistedForm } from "./definition";
import { documentWith, problemsOf, referenceDocument } from "./test-support/definition-fixtures";

describe("parseToolDefinition: top-level rules (SPEC §1.2)", () => {
  const refused: { rule: string; input: Record<string, unknown>; path: string; message: RegExp }[] = [
    { rule: "name is required", input: documentWith({ name: undefined }), path: "name", message: /is required/ },
    { rule: "name must be text", input: documentWith({ name: 7 }), path: "name", message: /must be a string, found a number/ },
    { rule: "name has no upper case", input: documentWith({ name: "GetWeather" }), path: "name", message: /"GetWeather" is not a valid name/ },
    { rule: "name starts with a letter", input: documentWith({ name: "1weather" }), path: "name", message: /not a valid name/ },
    { rule: "name has no dash", input: documentWith({ name: "get-weather" }), path: "name", message: /not a valid name/ },
    { rule: "name is at most 64 characters", input: documentWith({ name: "a".repeat(65) }), path: "name", message: /longer than 64/ },
    { rule: "description is required", input: documentWith({ description: undefined }), path: "description", message: /is required/ },
    { rule: "description is not blank", input: documentWith({ description: "  \n " }), path: "description", message: /is required/ },
    { rule: "description is text", input: documentWith({ description: ["x"] }), path: "description", message: /must be text, found a list/ },
    { rule: "side_effect is a boolean", input: documentWith({ side_effect: "yes" }), path: "side_effect", message: /true or false/ },
    { rule: "timeout is at least 1", input: documentWith({ timeout: 0 }), path: "timeout", message: /from 1 to 120/ },
    { rule: "timeout is at most 120", input: documentWith({ timeout: 121 }), path: "timeout", message: /from 1 to 120/ },
    { rule: "timeout is whole seconds", input: documentWith({ timeout: 2.5 }), path: "timeout", message: /whole seconds/ },
    { rule: "timeout is a number", input: documentWith({ timeout: "10" }), path: "timeout", message: /whole seconds/ },
    { rule: "group is text", input: documentWith({ group: 3 }), path: "group", message: /must be text or null/ },
    { rule: "tags is a list", input: documentWith({ tags: "b2b" }), path: "tags", message: /must be a list/ },
    { rule: "each tag is text", input: documentWith({ tags: ["ok", 5] }), path: "tags.1", message: /must be text, found a number/ },
    { rule: "request is required", input: documentWith({ request: undefined }), path: "request", message: /is required/ },
    { rule: "response is an object", input: documentWith({ response: "body_raw" }), path: "response", message: /must be an object/ },
    { rule: "extract is one of the four", input: documentWith({ response: { extract: "xml" } }), path: "response.extract", message: /body_raw, status, json_path, evidence_envelope/ },
    { rule: "json_path requires path", input: documentWith({ response: { extract: "json_path" } }), path: "response.path", message: /is required with extract json_path/ },
    { rule: "json_path requires a valid path", input: documentWith({ response: { extract: "json_path", path: "data..x" } }), path: "response.path", message: /dotted path/ },
    { rule: "unknown response key", input: documentWith({ response: { extract: "status", pth: "x" } }), path: "response.pth", message: /did you mean "path"/ },
    {
      rule: "evidence_envelope requires evidence",
      input: documentWith({ response: { extract: "evidence_envelope" } }),
      path: "response.extract",
      message: /needs an "evidence" declaration/,
    },
    { rule: "unknown top-level key (typo)", input: documentWith({ side_efect: false }), path: "side_efect", message: /unknown field "side_efect": did you mean "side_effect"\?/ },
    { rule: "unknown top-level key (no near match)", input: documentWith({ colour: "red" }), path: "colour", message: /^unknown field "colour": allowed fields are name, description/ },
  ];

  it.each(refused)("refuses: $rule → $path", ({ input, path, message }) => {
    const issues = problemsOf(input).filter((issue) => issue.path === path);
    expect(issues.map((issue) => issue.message)).toContainEqual(expect.stringMatching(message));
  });

  it("refuses anything but a JSON object at the root, with an empty path", () => {
    for (const input of [null, undefined, "x", 3, [], new Date(0)]) {
      expect(problemsOf(input)).toEqual([{ path: "", message: expect.stringMatching(/must be a JSON object/) }]);
    }
  });

  const accepted: { rule: string; input: Record<string, unknown>; expected: Record<string, unknown> }[] = [
    { rule: "name of 64 characters", input: documentWith({ name: `a${"_1".repeat(31)}b` }), expected: { name: `a${"_1".repeat(31)}b` } },
    { rule: "description is stored trimmed", input: documentWith({ description: "  Weather.\n" }), expected: { description: "Weather." } },
    { rule: "side_effect defaults to false for GET", input: documentWith(), expected: { sideEffect: false } },
    {
      rule: "side_effect defaults to false for HEAD",
      input: documentWith({ request: { method: "HEAD", url: "https://a.example/{{city}}" } }),
      expected: { sideEffect: false },
    },
    ...["POST", "PUT", "PATCH", "DELETE"].map((method) => ({
      rule: `side_effect defaults to true for ${method}`,
      input: documentWith({ request: { method, url: "https://a.example/{{city}}" } }),
      expected: { sideEffect: true },
    })),
    {
      rule: "an explicit side_effect wins",
      input: documentWith({ side_effect: false, request: { method: "POST", url: "https://a.example/x" } }),
      expected: { sideEffect: false },
    },
    { rule: "side_effect null means the default", input: documentWith({ side_effect: null }), expected: { sideEffect: false } },
    { rule: "timeout 1", input: documentWith({ timeout: 1 }), expected: { timeout: 1 } },
    { rule: "timeout 120", input: documentWith({ timeout: 120 }), expected: { timeout: 120 } },
    { rule: "timeout null is the default", input: documentWith({ timeout: null }), expected: { timeout: null } },
    { rule: "group is trimmed", input: documentWith({ group: "  orders " }), expected: { group: "orders" } },
    { rule: "blank group is null", input: documentWith({ group: "   " }), expected: { group: null } },
    {
      rule: "tags: trimmed, lower-cased, de-duplicated, blanks dropped, first-seen order",
      input: documentWith({ tags: [" B2B", "weather", "", "b2b ", "  ", "Weather", "eu"] }),
      expected: { tags: ["b2b", "weather", "eu"] },
    },
    { rule: "absent parameters mean none", input: documentWith({ parameters: undefined, request: { url: "https://a.example/x" } }), expected: { parameters: { type: "object", properties: {} } } },
    { rule: "absent response is body_raw", input: documentWith(), expected: { response: { extract: "body_raw", path: null } } },
    { rule: "extract status", input: documentWith({ response: { extract: "status" } }), expected: { response: { extract: "status", path: null } } },
    {
      rule: "extract json_path keeps its path",
      input: documentWith({ response: { extract: "json_path", path: "data.0.status" } }),
      expected: { response: { extract: "json_path", path: "data.0.status" } },
    },
    {
      rule: "evidence_envelope with evidence",
      input: documentWith({ response: { extract: "evidence_envelope" }, evidence: { fields: { title: "name" } } }),
      expected: { response: { extract: "evidence_envelope", path: null } },
    },
  ];

  it.each(accepted)("accepts: $rule", ({ input, expected }) => {
    expect(parseToolDefinition(input)).toMatchObject(expected);
  });
});

describe("parseToolDefinition: warnings", () => {
  it("warns (does not fail) on a description over 1,024 characters", () => {
    const definition = parseToolDefinition(documentWith({ description: "d".repeat(1025) }));
    expect(definition.warnings).toEqual([{ path: "description", message: expect.stringMatching(/1025 characters.*over 1024/) }]);
  });

  it("does not warn at exactly 1,024 characters", () => {
    expect(parseToolDefinition(documentWith({ description: "d".repeat(1024) })).warnings).toEqual([]);
  });

  it("accepts up to 8,192 characters (with the provider warning) and refuses one more, naming both limits", () => {
    expect(parseToolDefinition(documentWith({ description: "d".repeat(8192) })).warnings).toEqual([{ path: "description", message: expect.stringMatching(/over 1024/) }]);
    expect(problemsOf(documentWith({ description: ` ${"d".repeat(8193)} ` }))).toEqual([
      { path: "description", message: "is 8,193 characters long; a description may hold at most 8,192 (and some providers read only 1,024)" },
    ]);
  });

  it("drops a path written beside another extract, with a warning", () => {
    const definition = parseToolDefinition(documentWith({ response: { extract: "body_raw", path: "data" } }));
    expect(definition.response).toEqual({ extract: "body_raw", path: null });
    expect(definition.warnings).toEqual([{ path: "response.path", message: expect.stringMatching(/is ignored/) }]);
  });
});

describe("parseToolDefinition: the reference document", () => {
  it("imports the SPEC §1.1 example unchanged, in camelCase", () => {
    expect(parseToolDefinition(referenceDocument())).toEqual({
      name: "lookup_order",
      description: "Look up an order by id and return its status.",
      parameters: { type: "object", properties: { order_id: { type: "string" } }, required: ["order_id"] },
      request: {
        method: "GET",
        url: "https://api.example.com/orders/{{order_id}}",
        headers: { Authorization: "Bearer sk-test-1234567890" },
        query: { tenant: "{{ctx.tenant}}" },
        body: null,
        bodyFormat: "json",
        queryStyle: {},
      },
      response: { extract: "json_path", path: "data.status" },
      secretHeaders: ["Authorization"],
      secretQuery: [],
      sideEffect: false,
      timeout: 10,
      group: "orders",
      tags: ["b2b"],
      haltWhen: { jsonPath: "action", equals: ["ESCALATE"], say: { text: "CALL_SUPPORT" } },
      evidence: null,
      auth: null,
      outputSchema: null,
      sendsTraceContext: true,
      warnings: [],
    });
  });

  it("returns a deeply frozen value", () => {
    const definition = parseToolDefinition(referenceDocument());
    expect(Object.isFrozen(definition)).toBe(true);
    expect(Object.isFrozen(definition.parameters.properties.order_id)).toBe(true);
    expect(Object.isFrozen(definition.request.headers)).toBe(true);
    expect(Object.isFrozen(definition.haltWhen?.equals)).toBe(true);
  });

  it("does not share objects with its input: later edits to the input change nothing", () => {
    const input = referenceDocument();
    const definition = parseToolDefinition(input);
    (input.request as { headers: Record<string, string> }).headers.Authorization = "changed";
    expect(definition.request.headers.Authorization).toBe("Bearer sk-test-1234567890");
  });
});

describe("parseToolDefinition: every problem at once", () => {
  it("reports problems from every part of the document together", () => {
    const error = (() => {
      try {
        parseToolDefinition({
          name: "Bad Name",
          description: "",
          side_efect: true,
          parameters: { type: "object", properties: { list: { type: "array" } } },
          request: { method: "FETCH", url: "https://{{host}}/x", headers: { "X Bad": "v" } },
          timeout: 500,
          halt_when: { equals: [] },
          evidence: { fields: {} },
        });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual([
      "side_efect",
      "name",
      "description",
      "parameters.properties.list.items",
      "request.method",
      "request.url",
      "request.url",
      "request.headers.X Bad",
      "timeout",
      "halt_when.json_path",
      "halt_when.equals",
      "evidence.fields",
    ]);
    expect((error as ValidationError).message).toContain("request.method: must be one of GET, HEAD, POST, PUT, PATCH, DELETE");
  });
});

describe("serializeToolDefinition: canonical form (SPEC §1.1)", () => {
  it("writes keys in the fixed order, with canonical response, halt_when and no evidence key", () => {
    const json = serializeToolDefinition(parseToolDefinition(referenceDocument()));
    expect(json).toBe(
      '{"name":"lookup_order","description":"Look up an order by id and return its status.",' +
        '"parameters":{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]},' +
        '"request":{"method":"GET","url":"https://api.example.com/orders/{{order_id}}",' +
        '"headers":{"Authorization":"Bearer sk-test-1234567890"},"query":{"tenant":"{{ctx.tenant}}"},"body":null},' +
        '"response":{"extract":"json_path","path":"data.status"},"secret_headers":["Authorization"],' +
        '"side_effect":false,"timeout":10,"group":"orders","tags":["b2b"],' +
        '"halt_when":{"json_path":"action","equals":["ESCALATE"],"say":{"text":"CALL_SUPPORT"}}}',
    );
  });

  it("gives the same bytes whatever the order of the input's keys", () => {
    const document = referenceDocument();
    const reversed = Object.fromEntries(Object.entries(document).reverse());
    const request = document.request as Record<string, unknown>;
    reversed.request = Object.fromEntries(Object.entries(request).reverse());
    reversed.halt_when = { say: { text: "CALL_SUPPORT" }, equals: ["ESCALATE"], json_path: "action" };
    expect(serializeToolDefinition(parseToolDefinition(reversed))).toBe(serializeToolDefinition(parseToolDefinition(document)));
  });

  it("keeps parameter order as written (what forms display)", () => {
    const properties = { zeta: { type: "string" }, alpha: { type: "integer" }, mid: { type: "boolean" } };
    const definition = parseToolDefinition(documentWith({ parameters: { type: "object", properties }, request: { url: "https://a.example/x?m={{mid}}" } }));
    expect(Object.keys(toPersistedForm(definition).parameters.properties)).toEqual(["zeta", "alpha", "mid"]);
  });

  it("writes evidence only when declared, after every other key", () => {
    const without = toPersistedForm(parseToolDefinition(documentWith()));
    expect(Object.keys(without)).not.toContain("evidence");
    const withEvidence = toPersistedForm(parseToolDefinition(documentWith({ evidence: { fields: { title: "name" } } })));
    expect(Object.keys(withEvidence).at(-1)).toBe("evidence");
    expect(withEvidence.evidence).toEqual({ items_path: null, fields: { title: "name" }, source: "get_weather", max_items: 10 });
  });

  it("writes trace_context only when a tool keeps its trace context to itself, last, so older tools keep their bytes", () => {
    const sending = parseToolDefinition(documentWith());
    expect(sending.sendsTraceContext).toBe(true);
    expect(serializeToolDefinition(parseToolDefinition(documentWith({ trace_context: true })))).toBe(serializeToolDefinition(sending));
    const quiet = parseToolDefinition(documentWith({ output_schema: { type: "object", properties: {} }, response: { extract: "body_raw" }, trace_context: false }));
    expect(quiet.sendsTraceContext).toBe(false);
    expect(Object.keys(toPersistedForm(quiet)).slice(-2)).toEqual(["output_schema", "trace_context"]);
    expect(toPersistedForm(quiet).trace_context).toBe(false);
    expect(serializeToolDefinition(parseToolDefinition(toPersistedForm(quiet)))).toBe(serializeToolDefinition(quiet));
  });

  it("refuses a trace_context that is not true or false", () => {
    for (const value of ["no", 0, {}]) expect(() => parseToolDefinition(documentWith({ trace_context: value }))).toThrow(/trace_context: must be true or false/);
  });

  it("writes a default-only definition with every key present and its defaults spelled out", () => {
    expect(toPersistedForm(parseToolDefinition(documentWith()))).toEqual({
      name: "get_weather",
      description: "Current weather for a city.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      request: { method: "GET", url: "https://api.example.com/weather?q={{city}}", headers: {}, query: {}, body: null },
      response: { extract: "body_raw", path: null },
      secret_headers: [],
      side_effect: false,
      timeout: null,
      group: null,
      tags: [],
      halt_when: null,
    });
  });

  it("round-trips: parse(toPersistedForm(d)) serialises to the same bytes", () => {
    const definition = parseToolDefinition(referenceDocument());
    expect(serializeToolDefinition(parseToolDefinition(toPersistedForm(definition)))).toBe(serializeToolDefinition(definition));
  });

  it("returns a mutable copy from toPersistedForm, leaving the definition untouched", () => {
    const definition = parseToolDefinition(referenceDocument());
    const form = toPersistedForm(definition) as unknown as { tags: string[] };
    form.tags.push("edited");
    expect(definition.tags).toEqual(["b2b"]);
  });
});
