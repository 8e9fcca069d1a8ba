/**
 * Compiled JSON Schema validators, kept for the most recently used schemas. Patterns run on RE2
 * (schema-pattern.ts), so a hostile pattern or value cannot stall the server. Definitions are
 * immutable, so a schema object is a stable cache key for a tool version.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import { compileSchemaPattern } from "../definition";
import type { ObjectSchema } from "../types";

/** Enough for every tool version in use at once; older entries are compiled again when needed. */
export const MAX_COMPILED_SCHEMAS = 500;

const linearRegExp = Object.assign((pattern: string) => compileSchemaPattern(pattern), {
  code: 'require("re2js") via lib/tools/definition/schema-pattern',
});

export interface CompiledSchemas {
  /** Every error of `value` against `schema` (ajv's), or an empty list when it is valid. */
  errorsOf(schema: ObjectSchema, value: unknown): readonly ErrorObject[];
  /** How many compiled schemas are kept now. */
  size(): number;
}

/** A validator cache with its own ajv, keeping at most `maxCachedSchemas` compiled schemas (least recently used dropped). */
export function createCompiledSchemas({ maxCachedSchemas }: { maxCachedSchemas: number }): CompiledSchemas {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, code: { regExp: linearRegExp } });
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const compiled = new Map<ObjectSchema, ValidateFunction>();

  function validatorFor(schema: ObjectSchema): ValidateFunction {
    let validate = compiled.get(schema);
    if (validate) {
      compiled.delete(schema);
    } else {
      // ajv keeps every compiled schema, and refuses a second one with the same `$id` (tools
      // stored before `$id` was refused may have one): compiled without registering it.
      validate = ajv.compile({ ...schema, $id: undefined });
      ajv.removeSchema(validate.schema);
    }
    compiled.set(schema, validate);
    if (compiled.size > maxCachedSchemas) compiled.delete(compiled.keys().next().value!);
    return validate;
  }

  return {
    errorsOf(schema, value) {
      const validate = validatorFor(schema);
      return validate(value) ? [] : (validate.errors ?? []);
    },
    size: () => compiled.size,
  };
}

/** An ajv error's location as a dotted path (`items.0.id`); "" for the root. */
export function dottedLocation(error: ErrorObject): string {
  return error.instancePath.slice(1).replace(/\//g, ".");
}
