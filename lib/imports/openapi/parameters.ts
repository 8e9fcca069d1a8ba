/**
 * An operation's inputs as tool parameters (docs/importers.md "Parameters"): path, query and
 * (non-credential) header parameters and the request body's properties (JSON or form), merged into one
 * object schema. Each input keeps where it goes (`location`) and its name in the request
 * (`original`); its parameter name is the snake_case of that name. On a collision the earlier
 * location keeps the name (path, then query, then header, then body) and a later one is prefixed
 * with its location (`body_id`), then numbered.
 */
import type { BodyFormat, JsonSchema, QueryStyle } from "../../tools";
import { NameSet, snakeCase } from "./naming";
import { isRecord, NotImportable } from "./not-importable";
import { inferredType, toSubsetSchema, type SchemaBudget } from "./schema";

export type InputLocation = "path" | "query" | "header" | "body";

/** One tool parameter and where its value goes in the request. */
export interface OperationInput {
  readonly location: InputLocation;
  /** The name in the request: the path variable, query key, header or body property. `""` for a whole body. */
  readonly original: string;
  readonly name: string;
  readonly schema: JsonSchema;
  readonly required: boolean;
  /** How a list is written in the query (SPEC §1.8); "repeat" for anything else. */
  readonly queryStyle: QueryStyle;
}

/** The request body as read from the document: its schema, whether it is required, and how it is sent. */
export interface BodySource {
  readonly schema: unknown;
  readonly required: boolean;
  readonly format: BodyFormat;
  /** The media type the document gives it (an XML body keeps `text/xml` as its Content-Type). */
  readonly mediaType: string;
}

/** Headers a caller never sets through a parameter: Quiver sets them, or a security scheme does. */
const MANAGED_HEADERS = new Set(["accept", "content-type", "authorization", "content-length", "host"]);
const SCALAR_TYPES = new Set(["string", "number", "integer", "boolean"]);
const LOCATION_ORDER: readonly InputLocation[] = ["path", "query", "header", "body"];

type RawInput = Omit<OperationInput, "name">;

/** What the operation's security scheme fills, so no parameter asks the model for it: header names (lower-case) and query keys. */
export interface FilledBySecurity {
  readonly headers: ReadonlySet<string>;
  readonly query: ReadonlySet<string>;
}

/**
 * Every input of the operation, named. `filled` names what a security scheme fills: headers
 * (lower-case) and query keys. `warnings` receives what was left out (optional cookies, managed
 * headers, the scheme's own parameters).
 *
 * @throws NotImportable for an input that cannot be expressed.
 */
export function operationInputs(
  parameters: readonly Record<string, unknown>[],
  body: BodySource | null,
  filled: FilledBySecurity,
  budget: SchemaBudget,
  warnings: string[],
): OperationInput[] {
  const raw: RawInput[] = [];
  for (const parameter of parameters) {
    const input = parameterInput(parameter, filled, budget, warnings);
    if (input) raw.push(input);
  }
  if (body) raw.push(...bodyInputs(body, budget, warnings));
  const names = new NameSet();
  const ordered = LOCATION_ORDER.flatMap((location) => raw.filter((input) => input.location === location));
  return ordered.map((input) => {
    const base = snakeCase(input.original || "body", "p");
    const name = names.has(base) ? names.claim(snakeCase(`${input.location}_${base}`, "p")) : names.claim(base);
    return { ...input, name };
  });
}

function parameterInput(parameter: Record<string, unknown>, filled: FilledBySecurity, budget: SchemaBudget, warnings: string[]): RawInput | null {
  const name = typeof parameter.name === "string" ? parameter.name : "";
  const location = parameter.in;
  const label = `${String(location)} parameter ${name}`;
  const required = location === "path" || parameter.required === true;
  if (location === "cookie") {
    if (required) throw new NotImportable(`it needs the cookie ${name}, and Quiver tools do not send cookies`);
    warnings.push(`The optional cookie ${name} is left out: Quiver tools do not send cookies.`);
    return null;
  }
  // Swagger 2.0 body and formData parameters are read as the body (operation.ts).
  if (location === "body" || location === "formData") return null;
  if (location !== "path" && location !== "query" && location !== "header") throw new NotImportable(`it has a parameter in "${String(location)}"`);
  if (location === "header" && (MANAGED_HEADERS.has(name.toLowerCase()) || filled.headers.has(name.toLowerCase()))) {
    warnings.push(`The header parameter ${name} is left out: Quiver or a secret header sets it.`);
    return null;
  }
  if (location === "query" && filled.query.has(name)) {
    warnings.push(`The query parameter ${name} is left out: the API key is sent there from a secret.`);
    return null;
  }
  const own: string[] = [];
  try {
    const input = expressedInput(parameter, { location, name, label, required }, budget, own);
    warnings.push(...own);
    return input;
  } catch (error) {
    if (required || !(error instanceof NotImportable) || budget.nodes < 0) throw error;
    warnings.push(`The optional ${label} is left out: ${saidOfIt(error.reason, label)}.`);
    return null;
  }
}

/** A reason about `label` said of "it": "its query parameter q is a list…" → "it is a list…". */
function saidOfIt(reason: string, label: string): string {
  for (const subject of [`its ${label}`, label]) if (reason.startsWith(subject)) return `it${reason.slice(subject.length)}`;
  return reason;
}

/** A path, query or header parameter as a tool input. @throws NotImportable when it cannot be expressed. */
function expressedInput(
  parameter: Record<string, unknown>,
  { location, name, label, required }: { location: "path" | "query" | "header"; name: string; label: string; required: boolean },
  budget: SchemaBudget,
  warnings: string[],
): RawInput {
  if (parameter.content !== undefined) throw new NotImportable(`its ${label} is described by "content", which a tool cannot serialise`);
  const schema = toSubsetSchema(typedParameterSchema(parameter, label, warnings), label, budget, "request", warnings);
  if (location === "query" && schema.type === "array" && parameter.style === "deepObject" && parameter.explode !== false) {
    // deepObject is defined for objects only; on a list, generators (Stripe's) mean `expand[]=a&expand[]=b`.
    return { location, original: `${name}[]`, schema, required, queryStyle: "repeat" };
  }
  return { location, original: name, schema, required, queryStyle: serialisation(parameter, location, schema, label) };
}

/**
 * The parameter's schema; one that says nothing of its type (no type, items, properties or string
 * enum: what some generators write for a free query value) is offered as text, with a warning.
 */
function typedParameterSchema(parameter: Record<string, unknown>, label: string, warnings: string[]): unknown {
  const schema = schemaOfParameter(parameter);
  if (!isRecord(schema) || !declaresNoType(schema)) return schema;
  warnings.push(`The ${label} declares no type: it is offered as text.`);
  return { ...schema, type: "string" };
}

/** Nothing in `schema` says what its values are: no type the conversion can read or infer, and no combination or enum to read one from. */
function declaresNoType(schema: Record<string, unknown>): boolean {
  const combined = ["allOf", "oneOf", "anyOf", "$ref", "not", "enum"].some((keyword) => schema[keyword] !== undefined);
  return schema.type === undefined && inferredType(schema) === undefined && !combined;
}

/** OpenAPI 3 puts the schema under `schema`; Swagger 2.0 writes it on the parameter itself. */
export function schemaOfParameter(parameter: Record<string, unknown>): unknown {
  const base = isRecord(parameter.schema) ? parameter.schema : swaggerSchema(parameter);
  return typeof parameter.description === "string" && isRecord(base) && base.description === undefined ? { ...base, description: parameter.description } : base;
}

function swaggerSchema(parameter: Record<string, unknown>): Record<string, unknown> {
  const { name: _name, in: _in, required: _required, description: _description, collectionFormat: _format, allowEmptyValue: _empty, ...schema } = parameter;
  return schema;
}

/** Swagger 2.0's `collectionFormat` (default csv) as a query style; tsv has none. */
const SWAGGER_QUERY_STYLES: Readonly<Record<string, QueryStyle>> = { multi: "repeat", csv: "comma", ssv: "space", pipes: "pipe" };

/**
 * How a value is written: path and header values as text, so scalars only there; a query list of
 * scalars as repeated keys or joined (SPEC §1.8) — OpenAPI's `form` (exploded or not),
 * `spaceDelimited` and `pipeDelimited` styles, Swagger's `collectionFormat`. Other styles (a query
 * object, `deepObject`, a list in the path) would be sent wrong, so they are refused.
 */
function serialisation(parameter: Record<string, unknown>, location: string, schema: JsonSchema, label: string): QueryStyle {
  const type = schema.type as string;
  if (SCALAR_TYPES.has(type)) return "repeat";
  const items = isRecord(schema.items) ? (schema.items.type as string) : "";
  const style = location === "query" && type === "array" && SCALAR_TYPES.has(items) ? listStyle(parameter) : null;
  if (style !== null) return style;
  throw new NotImportable(`its ${label} is ${type === "array" ? "a list" : "an object"} in a serialisation style a tool cannot reproduce`);
}

/** The query style of a list parameter, or null when the document asks for one Quiver cannot write. */
function listStyle(parameter: Record<string, unknown>): QueryStyle | null {
  if (!isRecord(parameter.schema)) return SWAGGER_QUERY_STYLES[typeof parameter.collectionFormat === "string" ? parameter.collectionFormat : "csv"] ?? null;
  const style = parameter.style ?? "form";
  const exploded = parameter.explode === undefined ? style === "form" : parameter.explode === true;
  if (style === "form") return exploded ? "repeat" : "comma";
  if (style === "spaceDelimited") return exploded ? "repeat" : "space";
  if (style === "pipeDelimited") return exploded ? "repeat" : "pipe";
  return null;
}

/**
 * A JSON body whose schema is an object with properties becomes one parameter per property
 * (required when the body is required and the property is); any other JSON body is one
 * parameter named `body`. A form body is always fields: an object's properties (none when it
 * declares none and admits no others; refused when it admits any and declares none); undeclared
 * extra fields are not offered (a warning says so).
 */
function bodyInputs(body: BodySource, budget: SchemaBudget, warnings: string[]): RawInput[] {
  const schema = toSubsetSchema(body.schema, "the request body", budget, "request", warnings);
  const properties = isRecord(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const fields = schema.type === "object" && Object.keys(properties).length > 0;
  if (body.format !== "json") {
    const kind = body.format === "form" ? "form body" : "XML body";
    const others = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
    if (body.format === "xml" && schema.type !== "object") throw new NotImportable(`its XML request body is ${schema.type === "array" ? "a list" : "a bare value"}, not an element of fields, which a tool cannot name`);
    if (!fields && others) throw new NotImportable(`its ${kind} takes any fields and declares none, so a tool cannot tell which to send`);
    if (!fields) {
      if (schema.additionalProperties === undefined) warnings.push(`The ${kind} declares no fields, so the tool sends none: add them in the editor if the API needs some.`);
      return [];
    }
    if (others) warnings.push(`The ${kind} also allows fields it does not declare: only the declared ones are offered.`);
  } else if (!fields || schema.additionalProperties !== undefined) {
    return [{ location: "body", original: "", schema, required: body.required, queryStyle: "repeat" }];
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).map(([name, property]) => ({
    location: "body",
    original: name,
    schema: property,
    required: body.required && required.has(name),
    queryStyle: "repeat",
  }));
}
