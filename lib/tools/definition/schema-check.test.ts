import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { checkAgainstSchema } from "./schema-check";

const SCHEMA = {
  type: "object",
  properties: {
    city: { type: "string", minLength: 2, maxLength: 20, pattern: "^[A-Z][a-z]*$" },
    days: { type: "integer", minimum: 1, maximum: 14 },
    ratio: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1, multipleOf: 0.25 },
    unit: { type: "string", enum: ["metric", "imperial"] },
    email: { type: "string", format: "email" },
    tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 3 },
    picks: { type: "array", items: {}, uniqueItems: true },
    stops: { type: "array", items: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
    strict: { type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
  },
  required: ["city", "days"],
};

/** The server's validator, as the forms ran it in the browser before: the messages to match. */
const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat("email", /^[^@\s]+@[^@\s]+$/);
const ajvErrors = (value: unknown) => {
  const validate = ajv.compile(SCHEMA);
  validate(value);
  return (validate.errors ?? []).map(({ keyword, instancePath, params, message }) => ({ keyword, instancePath, params, message }));
};

const shapeOf = (value: unknown) => (checkAgainstSchema(SCHEMA, value).errors ?? []).map(({ keyword, instancePath, params, message }) => ({ keyword, instancePath, params, message }));

describe("checkAgainstSchema", () => {
  it("finds nothing wrong with a valid value", () => {
    expect(checkAgainstSchema(SCHEMA, { city: "Porto", days: 3, ratio: 0.5, unit: "metric", email: "a@b.pt", tags: ["x"], stops: [{ name: "A" }], strict: { a: "b" } })).toEqual({ errors: [] });
  });

  it.each([
    ["required", { days: 3 }, "", { missingProperty: "city" }, "must have required property 'city'"],
    ["type", { city: "Porto", days: "3" }, "/days", { type: "integer" }, "must be integer"],
    ["enum", { city: "Porto", days: 3, unit: "kelvin" }, "/unit", { allowedValues: ["metric", "imperial"] }, "must be equal to one of the allowed values"],
    ["minimum", { city: "Porto", days: 0 }, "/days", { comparison: ">=", limit: 1 }, "must be >= 1"],
    ["maximum", { city: "Porto", days: 15 }, "/days", { comparison: "<=", limit: 14 }, "must be <= 14"],
    ["exclusiveMinimum", { city: "Porto", days: 3, ratio: 0 }, "/ratio", { comparison: ">", limit: 0 }, "must be > 0"],
    ["exclusiveMaximum", { city: "Porto", days: 3, ratio: 1 }, "/ratio", { comparison: "<", limit: 1 }, "must be < 1"],
    ["multipleOf", { city: "Porto", days: 3, ratio: 0.3 }, "/ratio", { multipleOf: 0.25 }, "must be multiple of 0.25"],
    ["minLength", { city: "P", days: 3 }, "/city", { limit: 2 }, "must NOT have fewer than 2 characters"],
    ["maxLength", { city: `P${"o".repeat(20)}`, days: 3 }, "/city", { limit: 20 }, "must NOT have more than 20 characters"],
    ["pattern", { city: "porto", days: 3 }, "/city", { pattern: "^[A-Z][a-z]*$" }, 'must match pattern "^[A-Z][a-z]*$"'],
    ["format", { city: "Porto", days: 3, email: "nobody" }, "/email", { format: "email" }, 'must match format "email"'],
    ["minItems", { city: "Porto", days: 3, tags: [] }, "/tags", { limit: 1 }, "must NOT have fewer than 1 items"],
    ["maxItems", { city: "Porto", days: 3, tags: ["a", "b", "c", "d"] }, "/tags", { limit: 3 }, "must NOT have more than 3 items"],
    ["uniqueItems", { city: "Porto", days: 3, picks: [{ a: 1 }, 2, { a: 1 }] }, "/picks", { i: 2, j: 0 }, "must NOT have duplicate items (items ## 0 and 2 are identical)"],
    ["additionalProperties", { city: "Porto", days: 3, strict: { a: "b", c: "d" } }, "/strict", { additionalProperty: "c" }, "must NOT have additional properties"],
  ])("reports %s as ajv does", (keyword, value, instancePath, params, message) => {
    expect(shapeOf(value)).toEqual([{ keyword, instancePath, params, message }]);
    expect(shapeOf(value)).toEqual(ajvErrors(value));
  });

  it("reports every problem at once, nested ones at their place, each missing property by name", () => {
    const value = { days: "x", stops: [{ name: "A" }, {}], tags: [1] };
    expect(shapeOf(value)).toEqual(expect.arrayContaining(ajvErrors(value)));
    expect(shapeOf(value)).toHaveLength(ajvErrors(value).length);
    expect(shapeOf({})).toEqual(ajvErrors({}));
  });

  it("locates each error in the schema as written, with the schema that holds the keyword", () => {
    const [error] = checkAgainstSchema(SCHEMA, { city: "porto", days: 3 }).errors ?? [];
    expect(error).toMatchObject({ schemaPath: "#/properties/city/pattern", parentSchema: SCHEMA.properties.city });
  });

  it("matches patterns in linear time: a pattern that stalls a backtracking engine answers at once", () => {
    // On JavaScript's RegExp this input takes longer than the universe has existed; RE2 reads it once.
    const schema = { type: "object", properties: { code: { type: "string", pattern: "^(a+)+$" } } };
    expect(checkAgainstSchema(schema, { code: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!" }).errors).toEqual([
      expect.objectContaining({ keyword: "pattern", instancePath: "/code", message: 'must match pattern "^(a+)+$"' }),
    ]);
    expect(checkAgainstSchema(schema, { code: "aaaa" })).toEqual({ errors: [] });
  });

  it("keeps a pattern beside a format, and patterns inside items and contains", () => {
    const schema = {
      type: "object",
      properties: {
        mail: { type: "string", format: "email", pattern: "@example\\.com$" },
        codes: { type: "array", items: { type: "string", pattern: "^[0-9]+$" }, contains: { type: "string", pattern: "^9" } },
      },
    };
    expect(checkAgainstSchema(schema, { mail: "a@example.com", codes: ["1", "92"] })).toEqual({ errors: [] });
    expect((checkAgainstSchema(schema, { mail: "a@example.org", codes: ["x", "1"] }).errors ?? []).map((error) => `${error.instancePath} ${error.message}`)).toEqual([
      '/mail must match pattern "@example\\.com$"',
      '/codes/0 must match pattern "^[0-9]+$"',
      "/codes must contain at least 1 valid item(s)",
    ]);
  });

  it.each([
    ["a pattern RE2 cannot run", { type: "string", pattern: "(?=a)a" }],
    ["patternProperties, which the engine would match with RegExp", { type: "object", patternProperties: { "^(a+)+$": { type: "string" } } }],
    ["a $ref to nowhere", { $ref: "#/definitions/missing" }],
  ])("says why it cannot check against %s", (_, schema) => {
    expect(checkAgainstSchema(schema, "aaaa").schemaError).toBeInstanceOf(Error);
  });

  it("follows $ref to report a limit, as for the draft-07 meta-schema", () => {
    const schema = { definitions: { positive: { type: "integer", minimum: 1 } }, type: "object", properties: { n: { $ref: "#/definitions/positive" } } };
    expect(checkAgainstSchema(schema, { n: 0 }).errors).toEqual([
      expect.objectContaining({ keyword: "minimum", instancePath: "/n", params: { comparison: ">=", limit: 1 }, message: "must be >= 1" }),
    ]);
  });
});
