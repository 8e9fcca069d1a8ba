/**
 * `secret_query` (SPEC §1.8): query keys of `request.query` whose values are secrets, under the
 * rules of `secret_headers` — except that query keys are case-sensitive (`Key` and `key` are two
 * parameters to a server), where header names are not.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseToolDefinition, serializeToolDefinition, toPersistedForm } from "./definition";
import { secretSlotsOf, secretValues, withoutSecretValues } from "./secret-headers";
import { documentWithRequest, problemsOf, referenceDocument } from "./test-support/definition-fixtures";

const KEY = "AIzaSy-live-query-key-123456";

function withSecretQuery(query: Record<string, string>, secret_query: unknown): Record<string, unknown> {
  return { ...documentWithRequest({ query }), secret_query };
}

describe("secret_query (SPEC §1.8)", () => {
  const accepted: { rule: string; query: Record<string, string>; secrets: unknown; expected: string[] }[] = [
    { rule: "absent means none", query: { key: KEY }, secrets: undefined, expected: [] },
    { rule: "an empty list means none", query: { key: KEY }, secrets: [], expected: [] },
    { rule: "a key of request.query", query: { key: KEY, units: "metric" }, secrets: ["key"], expected: ["key"] },
    { rule: "duplicates kept once, first-seen order", query: { a: "1", b: "2" }, secrets: ["b", "a", "b"], expected: ["b", "a"] },
    { rule: "an empty value (the exported form)", query: { key: "" }, secrets: ["key"], expected: ["key"] },
    { rule: "keys differing only in case are two keys", query: { Key: "1", key: "2" }, secrets: ["key"], expected: ["key"] },
  ];
  it.each(accepted)("accepts $rule", ({ query, secrets, expected }) => {
    expect(parseToolDefinition(withSecretQuery(query, secrets)).secretQuery).toEqual(expected);
  });

  const refused: { rule: string; query: Record<string, string>; secrets: unknown; path: string; message: RegExp }[] = [
    { rule: "a key not in request.query", query: { units: "metric" }, secrets: ["key"], path: "secret_query.0", message: /^"key" is not a key in request\.query/ },
    { rule: "a key in another case (query keys are case-sensitive)", query: { key: KEY }, secrets: ["KEY"], path: "secret_query.0", message: /"KEY" is not a key in request\.query \(query keys are case-sensitive\)/ },
    { rule: "a non-text entry", query: { key: KEY }, secrets: ["key", 3], path: "secret_query.1", message: /must be a query key, found a number/ },
    { rule: "not a list", query: { key: KEY }, secrets: "key", path: "secret_query", message: /must be a list of query keys from request\.query/ },
    { rule: "a placeholder in a secret value", query: { key: "{{city}}" }, secrets: ["key"], path: "request.query.key", message: /is a secret query key, so its value cannot hold a placeholder/ },
  ];
  it.each(refused)("refuses $rule, naming it at $path", ({ query, secrets, path, message }) => {
    const problems = problemsOf(withSecretQuery(query, secrets));
    expect(problems.filter((issue) => issue.path === path).map((issue) => issue.message)).toEqual([expect.stringMatching(message)]);
  });

  it("never quotes a secret value, even one that looks like a placeholder", () => {
    const problems = problemsOf(withSecretQuery({ key: "sk_{{live_Q9x8}}" }, ["key"]));
    expect(JSON.stringify(problems)).not.toContain("live_Q9x8");
  });
});

describe("secret_query in the canonical form", () => {
  // The SPEC §1.1 example as serialised before secret_query existed (taken from the code of then).
  const BEFORE =
    '{"name":"lookup_order","description":"Look up an order by id and return its status.","parameters":{"type":"object","properties":{"order_id":{"type":"string"}},"required":["order_id"]},"request":{"method":"GET","url":"https://api.example.com/orders/{{order_id}}","headers":{"Authorization":"Bearer sk-test-1234567890"},"query":{"tenant":"{{ctx.tenant}}"},"body":null},"response":{"extract":"json_path","path":"data.status"},"secret_headers":["Authorization"],"side_effect":false,"timeout":10,"group":"orders","tags":["b2b"],"halt_when":{"json_path":"action","equals":["ESCALATE"],"say":{"text":"CALL_SUPPORT"}}}';

  it("leaves a tool without secret query keys byte-identical, an empty list included", () => {
    expect(serializeToolDefinition(parseToolDefinition(referenceDocument()))).toBe(BEFORE);
    expect(serializeToolDefinition(parseToolDefinition({ ...referenceDocument(), secret_query: [] }))).toBe(BEFORE);
  });

  it("writes secret_query right after secret_headers when it names a key", () => {
    const document = referenceDocument();
    const request = { ...(document.request as Record<string, unknown>), query: { tenant: "{{ctx.tenant}}", key: KEY } };
    const persisted = toPersistedForm(parseToolDefinition({ ...document, request, secret_query: ["key"] }));
    expect(Object.keys(persisted).slice(5, 8)).toEqual(["secret_headers", "secret_query", "side_effect"]);
    expect(persisted.secret_query).toEqual(["key"]);
  });

  it("empties secret query values for export, keeping keys and order, and parses again to itself", () => {
    const definition = parseToolDefinition(withSecretQuery({ units: "metric", key: KEY }, ["key"]));
    const exported = withoutSecretValues(definition);
    expect(exported.request.query).toEqual({ units: "metric", key: "" });
    expect(Object.keys(exported.request.query)).toEqual(["units", "key"]);
    const text = serializeToolDefinition(exported);
    expect(text).not.toContain(KEY);
    expect(serializeToolDefinition(parseToolDefinition(JSON.parse(text)))).toBe(text);
    expect(definition.request.query.key).toBe(KEY);
  });

  it("addresses each secret by slot: header names as written, query keys as ?key", () => {
    const definition = parseToolDefinition({
      ...documentWithRequest({ headers: { Authorization: "Bearer a" }, query: { key: KEY } }),
      secret_headers: ["authorization"],
      secret_query: ["key"],
    });
    expect(secretSlotsOf(definition)).toEqual(["Authorization", "?key"]);
    expect(secretValues(definition)).toEqual({ Authorization: "Bearer a", "?key": KEY });
  });

  it("round-trips any query key and never exports its value (property)", () => {
    const key = fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !text.includes("{{") && !["__proto__", "constructor", "prototype"].includes(text));
    const value = fc.string({ minLength: 6, maxLength: 40 }).filter((text) => !text.includes("{{")).map((text) => `secret:${text}`);
    fc.assert(
      fc.property(key, value, (name, secret) => {
        const definition = parseToolDefinition(withSecretQuery({ [name]: secret }, [name]));
        const text = serializeToolDefinition(definition);
        expect(serializeToolDefinition(parseToolDefinition(JSON.parse(text)))).toBe(text);
        expect(serializeToolDefinition(withoutSecretValues(definition))).not.toContain(JSON.stringify(secret).slice(1, -1));
      }),
    );
  });
});
