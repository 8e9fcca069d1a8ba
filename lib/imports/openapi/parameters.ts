/**
 * An operation's inputs as tool parameters (docs/importers.md "Parameters"): path, query and
 * (non-credential) header parameters and the JSON request body's properties, merged into one
 * object schema. Each input keeps where it goes (`location`) and its name in the request
 * (`original`); its parameter name is the snake_case of that name. On a collision the earlier
 * location keeps the name (path, then query, then header, then body) and a later one is prefixed
 * with its location (`body_id`), then numbered.
 */
import type { JsonSchema } from "../../tools";
import { NameSet, snakeCase } from "./naming";
import { isRecord, NotImportable } from "./not-importable";
import { toSubsetSchema, type SchemaBudget } from "./schema";

export type InputLocation = "path" | "query" | "header" | "body";

/** One tool parameter and where its value goes in the request. */
export interface OperationInput {
  readonly location: InputLocation;
  /** The name in the request: the path variable, query key, header or body property. `""` for a whole body. */
  readonly original: string;
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
}

/** Headers a caller never sets through a parameter: Quiver sets them, or a security scheme does. */
const MANAGED_HEADERS = new Set(["accept", "content-type", "authorization", "content-length", "host"]);
const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean"]);
const LOCATION_ORDER: readonly InputLocation[] = ["path", "query", "header", "body"];

interface RawInput {
  readonly location: InputLocation;
  readonly original: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
}

/**
 * Every input of the operation, named. `skipHeaders` (lower-case) are headers a security scheme
 * fills. `warnings` receives what was left out (optional cookies, managed headers).
 *
 * @throws NotImportable for an input that cannot be expressed.
 */
export function operationInputs(
  parameters: readonly Record<string, unknown>[],
  body: { schema: unknown; required: boolean } | null,
  skipHeaders: ReadonlySet<string>,
  budget: SchemaBudget,
  warnings: string[],
): OperationInput[] {
  const raw: RawInput[] = [];
  for (const parameter of parameters) {
    const input = parameterInput(parameter, skipHeaders, budget, warnings);
    if (input) raw.push(input);
  }
  if (body) raw.push(...bodyInputs(body.schema, body.required, budget));
  const names = new NameSet();
  const ordered = LOCATION_ORDER.flatMap((location) => raw.filter((input) => input.location === location));
  return ordered.map((input) => {
    const base = snakeCase(input.original || "body", "p");
    const name = names.has(base) ? names.claim(snakeCase(`${input.location}_${base}`, "p")) : names.claim(base);
    return { ...input, name };
  });
}

function parameterInput(parameter: Record<string, unknown>, skipHeaders: ReadonlySet<string>, budget: SchemaBudget, warnings: string[]): RawInput | null {
  const name = typeof parameter.name === "string" ? parameter.name : "";
  const location = parameter.in;
  const label = `${String(location)} parameter ${name}`;
  const required = location === "path" || parameter.required === true;
  if (location === "cookie") {
    if (required) throw new NotImportable(`it needs the cookie ${name}, and Quiver tools do not send cookies`);
    warnings.push(`The optional cookie ${name} is left out: Quiver tools do not send cookies.`);
    return null;
  }
  if (location === "formData") throw new NotImportable(`it takes form data (${name}), which a JSON tool cannot send`);
  if (location === "body") return null; // Swagger 2.0 body parameters are read as the body (operation.ts).
  if (location !== "path" && location !== "query" && location !== "header") throw new NotImportable(`it has a parameter in "${String(location)}"`);
  if (location === "header" && (MANAGED_HEADERS.has(name.toLowerCase()) || skipHeaders.has(name.toLowerCase()))) {
    warnings.push(`The header parameter ${name} is left out: Quiver or a secret header sets it.`);
    return null;
  }
  if (parameter.content !== undefined) throw new NotImportable(`its ${label} is described by "content", which a tool cannot serialise`);
  const schema = toSubsetSchema(parameterSchema(parameter), label, budget);
  checkSerialisation(parameter, location, schema, label);
  return { location, original: name, schema, required };
}

/** OpenAPI 3 puts the schema under `schema`; Swagger 2.0 writes it on the parameter itself. */
function parameterSchema(parameter: Record<string, unknown>): unknown {
  const base = isRecord(parameter.schema) ? parameter.schema : swaggerSchema(parameter);
  return typeof parameter.description === "string" && isRecord(base) && base.description === undefined ? { ...base, description: parameter.description } : base;
}

function swaggerSchema(parameter: Record<string, unknown>): Record<string, unknown> {
  const { name: _name, in: _in, required: _required, description: _description, collectionFormat: _format, allowEmptyValue: _empty, ...schema } = parameter;
  return schema;
}

/**
 * Quiver renders path and header values as text and a query list as one `key=value` per item:
 * scalars everywhere, and lists of scalars in the query exploded (OpenAPI's default `form` style,
 * Swagger's `collectionFormat: multi`). Other styles would be sent wrong, so they are refused.
 */
function checkSerialisation(parameter: Record<string, unknown>, location: string, schema: JsonSchema, label: string): void {
  const type = schema.type as string;
  if (SCALAR_TYPES.has(type)) return;
  const items = isRecord(schema.items) ? (schema.items.type as string) : "";
  const swagger = !isRecord(parameter.schema);
  const exploded = swagger ? parameter.collectionFormat === "multi" : (parameter.style ?? "form") === "form" && parameter.explode !== false;
  if (location === "query" && type === "array" && SCALAR_TYPES.has(items) && exploded) return;
  throw new NotImportable(`its ${label} is ${type === "array" ? "a list" : "an object"} in a serialisation style a tool cannot reproduce`);
}

/**
 * A JSON body whose schema is an object with properties becomes one parameter per property
 * (required when the body is required and the property is); any other JSON body is one
 * parameter named `body`.
 */
function bodyInputs(input: unknown, bodyRequired: boolean, budget: SchemaBudget): RawInput[] {
  const schema = toSubsetSchema(input, "the request body", budget);
  const properties = isRecord(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  if (schema.type !== "object" || Object.keys(properties).length === 0 || schema.additionalProperties !== undefined) {
    return [{ location: "body", original: "", schema, required: bodyRequired }];
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => ({ location: "body", original: name, schema: property, required: bodyRequired && required.has(name) }));
}
