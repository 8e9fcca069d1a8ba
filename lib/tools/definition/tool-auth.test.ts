import { describe, expect, it } from "vitest";
import { parseToolDefinition, serializeToolDefinition, toPersistedForm } from "./definition";
import { withoutSecretValues } from "./secret-headers";
import { documentWith, problemsOf, referenceDocument } from "./test-support/definition-fixtures";

describe("auth: the shared credential a tool uses (SPEC §5.1)", () => {
  it.each([
    { rule: "absent means none", auth: undefined },
    { rule: "null means none", auth: null },
  ])("$rule", ({ auth }) => {
    expect(parseToolDefinition(documentWith({ auth })).auth).toBeNull();
  });

  it("keeps a declared credential name", () => {
    expect(parseToolDefinition(documentWith({ auth: { credential: "weather_api" } })).auth).toEqual({ credential: "weather_api" });
  });

  it.each([
    { rule: "an object", auth: "weather_api", path: "auth", message: /must be an object \{"credential": NAME\}.*found a string/ },
    { rule: "a credential name", auth: {}, path: "auth.credential", message: /is required.*name of a shared credential/ },
    { rule: "the name rule", auth: { credential: "Weather-API" }, path: "auth.credential", message: /"Weather-API" is not a valid name/ },
    { rule: "text", auth: { credential: 7 }, path: "auth.credential", message: /must be a string, found a number/ },
    { rule: "64 characters at most", auth: { credential: `a${"b".repeat(64)}` }, path: "auth.credential", message: /longer than 64/ },
    { rule: "known keys only", auth: { credential: "x", credentials: "y" }, path: "auth.credentials", message: /unknown field "credentials"/ },
  ])("needs $rule", ({ auth, path, message }) => {
    expect(problemsOf(documentWith({ auth }))).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("reports a bad auth together with every other problem", () => {
    const paths = problemsOf(documentWith({ name: "Bad Name", auth: { credential: "" } })).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "auth.credential"]));
  });

  it("is written last, and only when declared (the reference tool keeps its exact bytes)", () => {
    const plain = serializeToolDefinition(parseToolDefinition(referenceDocument()));
    expect(plain).not.toContain('"auth"');
    const declared = serializeToolDefinition(parseToolDefinition({ ...referenceDocument(), auth: { credential: "orders_api" } }));
    expect(declared).toBe(`${plain.slice(0, -1)},"auth":{"credential":"orders_api"}}`);
  });

  it("travels in the exported form, by name only", () => {
    const definition = parseToolDefinition({ ...referenceDocument(), auth: { credential: "orders_api" } });
    const exported = toPersistedForm(withoutSecretValues(definition));
    expect(exported.auth).toEqual({ credential: "orders_api" });
    expect(parseToolDefinition(exported).auth).toEqual({ credential: "orders_api" });
  });
});
