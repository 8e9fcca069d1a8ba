/**
 * The claim strict variants make, as a check: an argument object valid for the stored schema maps
 * to one valid for the strict schema (what a strict model sends for it: every optional key it left
 * out as null), and `argumentsFromStrict` maps that back to the very same object.
 */
import Ajv from "ajv";
import { expect } from "vitest";
import { validateArguments } from "../../execution";
import type { ObjectSchema } from "../../types";
import { isSchemaObject, propertiesOf, type SchemaObject } from "../schema-walk";
import { argumentsFromStrict } from "../strict-arguments";

const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });

/** What a model under OpenAI strict mode sends for `args`: each declared optional key it left out, as null. */
export function argumentsToStrict(schema: SchemaObject, value: unknown): unknown {
  if (schema.type === "array" && Array.isArray(value) && isSchemaObject(schema.items)) {
    const items = schema.items;
    return value.map((item) => argumentsToStrict(items, item));
  }
  if (schema.type !== "object" || !isSchemaObject(value)) return value;
  const properties = propertiesOf(schema);
  return Object.fromEntries(properties.map(([name, property]) => [name, name in value ? argumentsToStrict(property, value[name]) : null]));
}

/** Whether `args` pass the door's own validation against the stored schema. */
export const validForStored = (parameters: ObjectSchema, args: unknown) => validateArguments(parameters, args).length === 0;

/** Asserts the round trip for `args` (valid for `parameters`) through `strictParameters`. */
export function expectRoundTrip(parameters: ObjectSchema, strictParameters: Readonly<Record<string, unknown>>, args: unknown): void {
  const strictArgs = argumentsToStrict(parameters, args);
  const validate = ajv.compile(strictParameters);
  expect(validate(strictArgs), JSON.stringify(validate.errors)).toBe(true);
  expect(argumentsFromStrict(parameters, strictArgs)).toEqual(args);
}
