/**
 * Open-ended inputs for the provider property tests: parameter schemas in the safe subset with any
 * mix of types and of the keywords it keeps as written, and argument objects for a given schema.
 */
import fc from "fast-check";
import type { ObjectSchema } from "../../types";
import { isSchemaObject, propertiesOf, type SchemaObject } from "../schema-walk";

/** Keywords the subset keeps as written, by the type they make sense on (and a few that never do, like const on a number). */
const anyType = {
  default: fc.oneof(fc.string(), fc.integer()),
  $comment: fc.string(),
  examples: fc.array(fc.string(), { maxLength: 2 }),
  title: fc.string(),
  description: fc.string(),
  nullable: fc.constantFrom(true, false),
};
const byType = {
  string: {
    format: fc.constantFrom("date-time", "date", "email", "uri", "uuid"),
    const: fc.constantFrom("red", "x"),
    minLength: fc.nat(3),
    maxLength: fc.integer({ min: 3, max: 20 }),
    pattern: fc.constantFrom("^a", "b$", "^[a-z ]+$", "\\bword"),
    enum: fc.uniqueArray(fc.constantFrom("red", "green", "blue"), { minLength: 1 }),
  },
  number: {
    format: fc.constantFrom("float", "double", "int32"),
    minimum: fc.integer({ min: -5, max: 5 }),
    maximum: fc.integer({ min: 5, max: 50 }),
    exclusiveMinimum: fc.integer({ min: -10, max: -6 }),
    multipleOf: fc.constantFrom(1, 2),
    enum: fc.uniqueArray(fc.integer({ min: 0, max: 9 }), { minLength: 1 }),
  },
  boolean: {},
  array: { minItems: fc.nat(2), maxItems: fc.integer({ min: 2, max: 4 }), uniqueItems: fc.boolean() },
  object: {},
};
const extrasFor = (type: keyof typeof byType) => fc.record({ ...anyType, ...byType[type] }, { requiredKeys: [] });
const scalar = fc
  .constantFrom("string", "number", "integer", "boolean")
  .chain((type) => extrasFor(type === "integer" ? "number" : (type as "string" | "number" | "boolean")).map((more) => ({ ...more, type })));
const extras = extrasFor("object");
const arrayExtras = extrasFor("array");
const propertyNames = fc.constantFrom("a", "b", "c_d", "e");

/** Any schema the subset holds: scalars with keywords, arrays of schemas, objects open or closed, with or without required keys. */
export const { schema: schemaArbitrary } = fc.letrec<{ schema: Record<string, unknown> }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.tuple(tie("schema"), arrayExtras).map(([items, more]) => ({ ...more, type: "array", items })),
    fc
      .tuple(fc.dictionary(propertyNames, tie("schema"), { maxKeys: 3 }), fc.boolean(), fc.subarray(["a", "b", "c_d", "e"]), extras)
      .map(([properties, closed, required, more]) => ({
        ...more,
        type: "object",
        properties,
        required: required.filter((name) => name in properties),
        ...(closed ? { additionalProperties: false } : {}),
      })),
  ),
}));

/** A parameters root: one to three properties, some required. */
export const rootSchemaArbitrary = fc
  .tuple(fc.dictionary(fc.constantFrom("x", "y", "z_1"), schemaArbitrary, { minKeys: 1, maxKeys: 3 }), fc.subarray(["x", "y", "z_1"]))
  .map(([properties, required]) => ({ type: "object", properties, required: required.filter((name) => name in properties) }) as unknown as ObjectSchema);

/**
 * Argument values shaped like `schema` (types, enums, declared properties — required ones always
 * there, optional ones sometimes); other constraints are left to the caller's validity filter.
 */
export function valueArbitrary(schema: SchemaObject): fc.Arbitrary<unknown> {
  const nullable = schema.nullable === true;
  const value = shaped(schema);
  return nullable ? fc.oneof(value, fc.constant(null)) : value;
}

function shaped(schema: SchemaObject): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  switch (schema.type) {
    case "string":
      return fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("a", "ab", "abc", "word b"));
    case "number":
      return fc.oneof(fc.integer({ min: -20, max: 60 }), fc.double({ min: -20, max: 60, noNaN: true }));
    case "integer":
      return fc.integer({ min: -20, max: 60 });
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(isSchemaObject(schema.items) ? valueArbitrary(schema.items) : fc.string(), { maxLength: 3 });
    case "object": {
      const required = Array.isArray(schema.required) ? schema.required : [];
      const properties = propertiesOf(schema);
      const model = Object.fromEntries(properties.map(([name, property]) => [name, valueArbitrary(property)]));
      // fc.record builds objects without a prototype; arguments parsed from JSON have Object's.
      return fc.record(model, { requiredKeys: properties.map(([name]) => name).filter((name) => required.includes(name)) }).map((record) => ({ ...record }));
    }
    default:
      return fc.constant(null);
  }
}
