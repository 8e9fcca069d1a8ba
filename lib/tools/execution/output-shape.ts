/**
 * The check every result of a tool declaring `output_schema` (SPEC §1.2) passes before it is
 * returned, so a changed upstream fails as a typed error, in the playground first.
 */
import type { ErrorObject } from "ajv";
import type { ObjectSchema } from "../types";
import { createCompiledSchemas, dottedLocation, MAX_COMPILED_SCHEMAS } from "./compiled-schemas";

/** Problems named in a mismatch message; the rest are counted. */
const MAX_NAMED_PROBLEMS = 5;

const outputValidators = createCompiledSchemas({ maxCachedSchemas: MAX_COMPILED_SCHEMAS });

/**
 * Null when `value` (an extracted result) satisfies the tool's declared `schema`, otherwise the
 * sentence for the `execution_error`: where it differs, never the values themselves.
 */
export function outputMismatch(schema: ObjectSchema, value: unknown): string | null {
  const errors = outputValidators.errorsOf(schema, value);
  if (errors.length === 0) return null;
  const named = errors.slice(0, MAX_NAMED_PROBLEMS).map(describe);
  const more = errors.length > MAX_NAMED_PROBLEMS ? ` (and ${errors.length - MAX_NAMED_PROBLEMS} more)` : "";
  return `The response does not match the tool's output schema: ${named.join("; ")}${more}. The upstream may have changed: update the output schema or the extraction`;
}

function describe(error: ErrorObject): string {
  const location = dottedLocation(error);
  if (error.keyword === "required") {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    return `${location ? `${location}.${missing}` : missing} is missing`;
  }
  return `${location === "" ? "the result" : location} ${error.message ?? "is invalid"}`;
}
