import { describe, expect, it } from "vitest";
import { parseToolDefinition, serializeToolDefinition } from "./definition";
import { secretHeaderNamesOf, secretValues, withoutSecretValues } from "./secret-headers";
import { documentWithRequest, problemsOf, referenceDocument } from "./test-support/definition-fixtures";

function withSecrets(headers: Record<string, string>, secret_headers: unknown): Record<string, unknown> {
  return { ...documentWithRequest({ headers }), secret_headers };
}

function messagesAt(input: unknown, path: string): string[] {
  return problemsOf(input).filter((issue) => issue.path === path).map((issue) => issue.message);
}

describe("secret_headers (SPEC §1.2)", () => {
  const accepted: { rule: string; headers: Record<string, string>; secrets: unknown; expected: string[] }[] = [
    { rule: "absent means none", headers: { Authorization: "x" }, secrets: undefined, expected: [] },
    { rule: "an exact name", headers: { Authorization: "Bearer a" }, secrets: ["Authorization"], expected: ["Authorization"] },
    { rule: "a name in another case, stored as written in request.headers", headers: { "X-Api-Key": "k" }, secrets: ["x-api-key"], expected: ["X-Api-Key"] },
    { rule: "duplicates kept once, first-seen order", headers: { A: "1", B: "2" }, secrets: ["b", "A", "B"], expected: ["B", "A"] },
    { rule: "an empty value (the exported form)", headers: { Authorization: "" }, secrets: ["Authorization"], expected: ["Authorization"] },
  ];
  it.each(accepted)("accepts $rule", ({ headers, secrets, expected }) => {
    expect(parseToolDefinition(withSecrets(headers, secrets)).secretHeaders).toEqual(expected);
  });

  const refused: { rule: string; headers: Record<string, string>; secrets: unknown; path: string; message: RegExp }[] = [
    { rule: "a header not in request.headers", headers: { A: "1" }, secrets: ["Authorization"], path: "secret_headers.0", message: /"Authorization" is not a header in request.headers/ },
    { rule: "a non-text entry", headers: { A: "1" }, secrets: ["A", 3], path: "secret_headers.1", message: /must be a header name, found a number/ },
    { rule: "not a list", headers: { A: "1" }, secrets: "A", path: "secret_headers", message: /must be a list/ },
    {
      rule: "a placeholder in a secret value (it would hide behind the mask)",
      headers: { Authorization: "Bearer {{city}}" },
      secrets: ["authorization"],
      path: "request.headers.Authorization",
      message: /secret header, so its value cannot hold a placeholder/,
    },
  ];
  it.each(refused)("refuses $rule → $path", ({ headers, secrets, path, message }) => {
    expect(messagesAt(withSecrets(headers, secrets), path)).toContainEqual(expect.stringMatching(message));
  });

  it("allows placeholders in headers that are not secret", () => {
    const definition = parseToolDefinition(withSecrets({ Authorization: "Bearer k", "X-City": "{{city}}" }, ["Authorization"]));
    expect(definition.request.headers["X-City"]).toBe("{{city}}");
  });
});

describe("secretValues and withoutSecretValues (SPEC §5)", () => {
  const definition = parseToolDefinition({
    ...referenceDocument(),
    request: {
      method: "GET",
      url: "https://api.example.com/orders/{{order_id}}",
      headers: { Authorization: "Bearer sk-live-abcdef123456", Accept: "application/json", "X-Key": "k-987" },
    },
    secret_headers: ["x-key", "Authorization"],
  });

  it("lists each secret header's value by its name as written", () => {
    expect(secretValues(definition)).toEqual({ "X-Key": "k-987", Authorization: "Bearer sk-live-abcdef123456" });
  });

  it("empties secret values and nothing else, keeping names and order", () => {
    const exported = withoutSecretValues(definition);
    expect(exported.request.headers).toEqual({ Authorization: "", Accept: "application/json", "X-Key": "" });
    expect(Object.keys(exported.request.headers)).toEqual(["Authorization", "Accept", "X-Key"]);
    expect(exported.secretHeaders).toEqual(["X-Key", "Authorization"]);
    expect(serializeToolDefinition(exported)).not.toContain("sk-live");
    expect(serializeToolDefinition(exported)).not.toContain("k-987");
  });

  it("returns a frozen definition that parses again to itself, and leaves the original alone", () => {
    const exported = withoutSecretValues(definition);
    expect(Object.isFrozen(exported.request.headers)).toBe(true);
    const reimported = parseToolDefinition(JSON.parse(serializeToolDefinition(exported)));
    expect(serializeToolDefinition(reimported)).toBe(serializeToolDefinition(exported));
    expect(definition.request.headers.Authorization).toBe("Bearer sk-live-abcdef123456");
  });

  it("gives an empty map for a tool without secrets", () => {
    expect(secretValues(parseToolDefinition(documentWithRequest({})))).toEqual({});
  });

  it("lists the secret header names lower-cased, the same set on every call", () => {
    expect([...secretHeaderNamesOf(definition)]).toEqual(["x-key", "authorization"]);
    expect(secretHeaderNamesOf(definition)).toBe(secretHeaderNamesOf(definition));
    expect(secretHeaderNamesOf(parseToolDefinition(documentWithRequest({}))).size).toBe(0);
  });
});
