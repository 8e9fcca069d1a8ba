import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "../definition";
import { formParameters, withShuffledKeywords } from "../definition/test-support/definition-arbitraries";
import { documentWith } from "../definition/test-support/definition-fixtures";
import type { ObjectSchema } from "../types";
import { fieldsFromSchema } from "./fields-from-schema";
import type { ParameterField } from "./parameter-field";
import { schemaFromFields } from "./schema-from-fields";

/** The canonical schema `parseToolDefinition` stores for `parameters`. */
function stored(parameters: unknown): ObjectSchema {
  return parseToolDefinition(documentWith({ parameters, request: { url: "https://api.example.com/x" } })).parameters;
}

function keysOf(fields: readonly ParameterField[]): string[] {
  return fields.flatMap((field) => [field.key, ...keysOf(field.items ? [field.items] : []), ...keysOf(field.properties)]);
}

describe("form fields ⇄ JSON Schema on open-ended schemas", () => {
  it("round-trips every schema of the safe subset: form keywords, extra keywords, any nesting", () => {
    fc.assert(fc.property(formParameters, (parameters) => {
      const schema = stored(parameters);
      const { schema: back, issues } = schemaFromFields(fieldsFromSchema(schema), schema);
      expect(issues).toEqual([]);
      expect(back).toEqual(schema);
      expect(JSON.stringify(back)).toBe(JSON.stringify(schema));
    }), { numRuns: 300 });
  });

  it("builds a schema parseToolDefinition stores unchanged", () => {
    fc.assert(fc.property(formParameters, (parameters) => {
      const { schema } = schemaFromFields(fieldsFromSchema(stored(parameters)));
      expect(JSON.stringify(stored(schema))).toBe(JSON.stringify(schema));
    }), { numRuns: 200 });
  });

  it("shows the same fields whatever the keyword order of the schema it reads", () => {
    const shuffled = formParameters.chain((parameters) => withShuffledKeywords(parameters).map((reordered) => ({ parameters, reordered })));
    fc.assert(fc.property(shuffled, ({ parameters, reordered }) => {
      const canonical = schemaFromFields(fieldsFromSchema(stored(parameters))).schema;
      expect(JSON.stringify(schemaFromFields(fieldsFromSchema(reordered as ObjectSchema)).schema)).toBe(JSON.stringify(canonical));
    }), { numRuns: 200 });
  });

  it("gives every field of a tree its own key", () => {
    fc.assert(fc.property(formParameters, (parameters) => {
      const keys = keysOf(fieldsFromSchema(stored(parameters)));
      expect(new Set(keys).size).toBe(keys.length);
    }), { numRuns: 100 });
  });
});
