import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../errors";
import type { ToolDefinition } from "../types";
import { parseToolDefinition, serializeToolDefinition, toPersistedForm } from "./definition";
import { withoutSecretValues } from "./secret-headers";
import { definitionShaped, validDocument } from "./test-support/definition-arbitraries";
import { problemsOf } from "./test-support/definition-fixtures";

/** Parses, and returns the error instead of throwing it (anything but a ValidationError rethrows). */
function outcome(input: unknown): ToolDefinition | ValidationError {
  try {
    return parseToolDefinition(input);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
}

function expectWellFormed(result: ToolDefinition | ValidationError): void {
  if (result instanceof ValidationError) {
    expect(result.issues.length).toBeGreaterThan(0);
    for (const issue of result.issues) {
      expect(typeof issue.path).toBe("string");
      expect(issue.message.trim()).not.toBe("");
    }
  } else {
    expect(Object.isFrozen(result)).toBe(true);
  }
}

describe("parseToolDefinition on open-ended input", () => {
  it("returns a definition or throws a ValidationError for any JSON value", () => {
    fc.assert(fc.property(fc.jsonValue(), (input) => expectWellFormed(outcome(input))), { numRuns: 500 });
  });

  it("returns a definition or throws a ValidationError for anything shaped like a definition", () => {
    fc.assert(fc.property(definitionShaped, (input) => expectWellFormed(outcome(input))), { numRuns: 500 });
  });

  it("survives JSON text round trips of arbitrary objects (e.g. __proto__ keys)", () => {
    const shaped = fc.object({ key: fc.constantFrom("name", "parameters", "__proto__", "request", "properties", "type", "items") });
    fc.assert(fc.property(shaped, (input) => expectWellFormed(outcome(JSON.parse(JSON.stringify(input))))), { numRuns: 300 });
  });
});

/** The declared parameters a document does not require, from either parameters form. */
function optionalParameters(parameters: unknown): string[] {
  if (Array.isArray(parameters)) return parameters.filter((item) => item.required !== true).map((item) => String(item.name));
  const { properties, required } = parameters as { properties: Record<string, unknown>; required: string[] };
  return Object.keys(properties).filter((name) => !required.includes(name));
}

describe("path placeholders on open-ended input", () => {
  it("refuses any valid document once its URL path names an optional parameter", () => {
    fc.assert(fc.property(validDocument, fc.nat(), (document, pick) => {
      const optional = optionalParameters(document.parameters);
      fc.pre(optional.length > 0);
      const name = optional[pick % optional.length]!;
      const request = document.request as { url: string };
      const url = request.url.replace(/^(https?:\/\/[^/]+)\//, `$1/{{${name}}}/`);
      expect(problemsOf({ ...document, request: { ...request, url } })).toContainEqual({
        path: "request.url",
        message: expect.stringContaining(`names the optional parameter "${name}"`),
      });
    }), { numRuns: 200 });
  });
});

describe("canonical serialisation of valid definitions", () => {
  it("accepts every generated valid document", () => {
    fc.assert(fc.property(validDocument, (document) => {
      expect(outcome(document)).not.toBeInstanceOf(ValidationError);
    }), { numRuns: 300 });
  });

  it("is byte-stable: serialise → parse → serialise", () => {
    fc.assert(fc.property(validDocument, (document) => {
      const first = serializeToolDefinition(parseToolDefinition(document));
      const again = parseToolDefinition(JSON.parse(first));
      expect(serializeToolDefinition(again)).toBe(first);
      expect({ ...again, warnings: [] }).toEqual({ ...parseToolDefinition(document), warnings: [] });
    }), { numRuns: 300 });
  });

  it("does not depend on the order of the input's top-level keys", () => {
    const shuffled = validDocument.chain((document) =>
      fc.shuffledSubarray(Object.entries(document), { minLength: Object.keys(document).length })
        .map((entries) => ({ document, reordered: Object.fromEntries(entries) })));
    fc.assert(fc.property(shuffled, ({ document, reordered }) => {
      expect(serializeToolDefinition(parseToolDefinition(reordered))).toBe(serializeToolDefinition(parseToolDefinition(document)));
    }), { numRuns: 200 });
  });

  it("writes evidence exactly when declared", () => {
    fc.assert(fc.property(validDocument, (document) => {
      const form = toPersistedForm(parseToolDefinition(document));
      expect("evidence" in form).toBe(document.evidence !== undefined && document.evidence !== null);
    }), { numRuns: 200 });
  });

  it("writes auth exactly when declared, and a tool without it byte-identical to one written before auth existed", () => {
    fc.assert(fc.property(validDocument, (document) => {
      const { auth, ...withoutAuth } = document;
      const bytes = serializeToolDefinition(parseToolDefinition(document));
      const form = JSON.parse(bytes) as Record<string, unknown>;
      expect("auth" in form).toBe(auth !== undefined && auth !== null);
      if (auth === undefined || auth === null) {
        expect(bytes).toBe(serializeToolDefinition(parseToolDefinition(withoutAuth)));
        return;
      }
      expect(Object.keys(form).at(-1)).toBe("auth");
      expect(form.auth).toEqual(auth);
      const { auth: _written, ...rest } = form;
      expect(JSON.stringify(rest)).toBe(serializeToolDefinition(parseToolDefinition(withoutAuth)));
    }), { numRuns: 200 });
  });

  it("keeps the exported form (secret values emptied) importable and free of secret values", () => {
    fc.assert(fc.property(validDocument, (document) => {
      const definition = parseToolDefinition(document);
      const exported = serializeToolDefinition(withoutSecretValues(definition));
      const reimported = parseToolDefinition(JSON.parse(exported));
      expect(serializeToolDefinition(reimported)).toBe(exported);
      for (const name of reimported.secretHeaders) expect(reimported.request.headers[name]).toBe("");
      expect(reimported.auth).toEqual(definition.auth);
    }), { numRuns: 200 });
  });
});
