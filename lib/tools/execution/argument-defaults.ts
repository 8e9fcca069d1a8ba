/**
 * Schema defaults (SPEC §8: "arguments an agent omits that have a schema default receive it"):
 * a copy of the arguments with each `default` of the parameters schema filled in where a
 * property is absent — in the arguments and in every nested object and array item that is
 * present, as ajv's `useDefaults` does. Validation stays in arguments.ts; this reports nothing.
 */
import type { JsonSchema, ObjectSchema } from "../types";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A default's own copy, so a tool never changes the schema's: a value like a string or number is its own copy already. */
const copyOfDefault = (value: unknown): unknown => (typeof value === "object" && value !== null ? structuredClone(value) : value);

function filled(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = schema.items;
    return isRecord(items) ? value.map((item) => filled(items as JsonSchema, item)) : value;
  }
  if (!isRecord(value) || !isRecord(schema.properties)) return value;
  // fromEntries defines own properties, so a key like __proto__ stays a key.
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(value));
  for (const [name, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    if (Object.hasOwn(copy, name)) copy[name] = filled(property, copy[name]);
    else if (isRecord(property) && Object.hasOwn(property, "default")) copy[name] = copyOfDefault(property.default);
  }
  return copy;
}

/**
 * `args` with the schema's defaults applied, as a fresh copy (the input is never changed).
 * Anything that is not a JSON object comes back as it was: validation reports it.
 */
export function withSchemaDefaults(schema: ObjectSchema, args: unknown): unknown {
  return isRecord(args) ? filled(schema, args) : args;
}
