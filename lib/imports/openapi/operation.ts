/**
 * One OpenAPI operation → one persisted tool definition (docs/importers.md), judged by
 * parseToolDefinition — the one validator — before it is offered. Anything that cannot be
 * expressed throws NotImportable with the reason.
 */
import { parseToolDefinition, toPersistedForm, type PersistedToolDefinition } from "../../tools";
import { ValidationError } from "../../errors";
import { isRecord, NotImportable } from "./not-importable";
import { operationInputs, schemaOfParameter, type BodySource, type OperationInput } from "./parameters";
import { NameSet, snakeCase } from "./naming";
import { distinct, isEmptyTextSchema, isNullSchema, schemaBudget, toSubsetSchema } from "./schema";
import { securityNeeds, type ProposedCredential, type SecretHeader } from "./security";
import { operationBase } from "./servers";
import { xmlBodyTemplate } from "./xml-body";

/** Longest description kept (a provider limit, SPEC §1.2); a longer one is cut with a warning. */
export const MAX_DESCRIPTION = 1024;
const TOOL_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
const JSON_MEDIA = /^application\/(.+\+)?json\s*(;|$)/i;
const FORM_MEDIA = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const XML_MEDIA = /^(application|text)\/(.+\+)?xml\s*(;|$)/i;
const MAX_RESPONSE_FIELDS = 30;

/** Everything an operation's mapping reads. */
export interface OperationSource {
  readonly api: Record<string, unknown>;
  readonly path: string;
  readonly method: string;
  readonly pathItem: Record<string, unknown>;
  readonly operation: Record<string, unknown>;
  /** The tool name already chosen (unique in the document). */
  readonly name: string;
  /** The document-level base URL the operator chose, or null when there is none usable. */
  readonly base: string | null;
  readonly documentUrl: string | null;
  /** The document's title: a shared credential the operation needs is named after it. */
  readonly title: string;
  /** Security schemes several of the document's operations use (see securityNeeds). */
  readonly sharedSchemes: ReadonlySet<string>;
}

/** A generated tool, with what the operator should know before importing it. */
export interface MappedOperation {
  readonly tool: PersistedToolDefinition;
  readonly warnings: string[];
  /** Secret headers to fill after the import, and what each holds. */
  readonly secrets: SecretHeader[];
  /** Secret query keys (`secret_query`) to fill after the import, and what each holds. */
  readonly secretQuery: SecretHeader[];
  /** The shared credential the tool names (an API key in the query), created empty at import when the operator asks. */
  readonly credential: ProposedCredential | null;
  /** Top-level properties of the success response: suggestions for a json_path extraction. */
  readonly responseFields: string[];
  /** The body shape this tool sends when the operation's body is one of several (oneOf/anyOf); null otherwise. */
  readonly shape: string | null;
}

/** One of the object shapes a body may take, and what to call it. */
interface BodyShape {
  readonly label: string;
  readonly schema: Record<string, unknown>;
}

/**
 * The tool for one operation — or, when its request body is one of several object shapes
 * (`oneOf`/`anyOf`), one tool per shape, named `NAME_SHAPE`, for the operator to pick from.
 *
 * @throws NotImportable with the reason the operation cannot become a tool.
 */
export function mapOperation(source: OperationSource): MappedOperation[] {
  const method = source.method.toUpperCase();
  if (!TOOL_METHODS.has(method)) throw new NotImportable(`${method} is not a method Quiver tools send`);
  const body = bodiless(method) ? bodyOfBodilessMethod(requestBody(source), method) : requestBody(source);
  const { shapes, others } = body === null ? { shapes: [], others: 0 } : bodyShapes(body.schema);
  const unsent = others === 0 ? [] : [`The request body may also be ${others === 1 ? "one other value" : `${others} other values`} that is not an object (a list or a scalar), which ${shapes.length === 1 ? "this tool does" : "these tools do"} not send.`];
  if (shapes.length === 0) return [mapWithBody(source, method, body, null)];
  if (shapes.length === 1) return [mapWithBody(source, method, { ...body!, schema: shapes[0]!.schema }, null, unsent)];
  const remarks = (shape: BodyShape) => [`The request body takes one of ${shapes.length} object shapes: this tool sends the ${shape.label} one. Pick the shapes the agent needs.`, ...unsent];
  return shapes.map((shape) => mapWithBody(source, method, { ...body!, schema: shape.schema }, shape, remarks(shape)));
}

function mapWithBody(source: OperationSource, method: string, body: BodySource | null, shape: BodyShape | null, remarks: readonly string[] = []): MappedOperation {
  const { api, operation, pathItem } = source;
  const warnings: string[] = [...remarks];
  const base = operationBase(operation, pathItem, source.base, source.documentUrl);
  const { headers: secrets, query: secretQuery, credential } = securityNeeds(operation, api, source.title, source.sharedSchemes);
  const filled = {
    headers: new Set(secrets.map((secret) => secret.name.toLowerCase())),
    query: new Set([...(credential?.kind === "query" ? [credential.parameterName] : []), ...secretQuery.map((key) => key.name)]),
  };
  const inputs = operationInputs(mergedParameters(pathItem, operation), body, filled, schemaBudget(), warnings);
  const bodyValue = body?.format === "xml" ? xmlBodyTemplate(body.schema, inputs) : bodyTemplate(inputs);
  const described = description(source, warnings);
  const document = {
    name: shape ? snakeCase(`${source.name}_${shape.label}`, "op") : source.name,
    description: shape ? withShape(described, shape.label) : described,
    parameters: parameterSchema(inputs),
    request: {
      method,
      url: base + pathTemplate(source.path, inputs),
      headers: {
        ...Object.fromEntries(inputs.filter((input) => input.location === "header").map((input) => [input.original, `{{${input.name}}}`])),
        ...Object.fromEntries(secrets.map((secret) => [secret.name, ""])),
        // application/xml is what an XML body is sent as unless the document says otherwise.
        ...(body?.format === "xml" && !/^application\/xml\s*$/i.test(body.mediaType) ? { "Content-Type": body.mediaType } : {}),
      },
      query: {
        ...Object.fromEntries(inputs.filter((input) => input.location === "query").map((input) => [input.original, `{{${input.name}}}`])),
        ...Object.fromEntries(secretQuery.map((key) => [key.name, ""])),
      },
      ...queryStyles(inputs),
      body: bodyValue,
      ...(body !== null && body.format !== "json" && bodyValue !== null ? { body_format: body.format } : {}),
    },
    response: { extract: "body_raw" },
    secret_headers: secrets.map((secret) => secret.name),
    ...(secretQuery.length > 0 ? { secret_query: secretQuery.map((key) => key.name) } : {}),
    ...(credential ? { auth: { credential: credential.name } } : {}),
    side_effect: method !== "GET" && method !== "HEAD",
    group: Array.isArray(operation.tags) && typeof operation.tags[0] === "string" ? operation.tags[0] : null,
    output_schema: outputSchema(operation, warnings),
  };
  return { tool: judgedTool(document, warnings), warnings, secrets, secretQuery, credential, responseFields: responseFields(operation), shape: shape?.label ?? null };
}

/** The description with the shape named, kept within the provider limit. */
function withShape(text: string, label: string): string {
  const note = ` (request body: ${label})`;
  return text.length + note.length <= MAX_DESCRIPTION ? `${text}${note}` : `${text.slice(0, MAX_DESCRIPTION - note.length - 1).trimEnd()}…${note}`;
}

/**
 * The object shapes of a body whose schema is, at its top, a `oneOf`/`anyOf` of two or more
 * distinct shapes (a null member and Stripe's empty-string member aside) of which at least one is
 * an object; none otherwise. `others` counts the members that are not objects (GitHub's labels:
 * an object or a bare list), which no tool sends. Each shape keeps what the body says beside the
 * alternatives (shared properties, `required`). Named by the discriminator's value, else the
 * shape's title, else its position.
 */
function bodyShapes(schema: unknown): { shapes: BodyShape[]; others: number } {
  const none = { shapes: [], others: 0 };
  if (!isRecord(schema)) return none;
  const keyword = Array.isArray(schema.oneOf) ? "oneOf" : Array.isArray(schema.anyOf) ? "anyOf" : null;
  if (keyword === null) return none;
  const distinctMembers = distinct((schema[keyword] as unknown[]).filter(isRecord).filter((member) => !isNullSchema(member) && !isEmptyTextSchema(member)));
  const objects = distinctMembers.filter(isObjectShape);
  if (distinctMembers.length < 2 || objects.length === 0) return none;
  const { [keyword]: _alternatives, discriminator, ...shared } = schema;
  const property = isRecord(discriminator) && typeof discriminator.propertyName === "string" ? discriminator.propertyName : null;
  const labels = new NameSet();
  const shapes = objects.map((member, index) => ({
    label: labels.claim(snakeCase(shapeLabel(member, property) ?? `shape ${index + 1}`, "shape")),
    schema: Object.keys(shared).length === 0 ? member : { ...shared, allOf: [...(Array.isArray(shared.allOf) ? shared.allOf : []), member] },
  }));
  return { shapes, others: distinctMembers.length - objects.length };
}

function isObjectShape(member: Record<string, unknown>): boolean {
  return member.type === "object" || isRecord(member.properties) || (Array.isArray(member.allOf) && member.allOf.some(isRecord));
}

/** The discriminator property's one value in `member` (its own properties or an allOf part's), else its title. */
function shapeLabel(member: Record<string, unknown>, property: string | null): string | null {
  const parts = [member, ...(Array.isArray(member.allOf) ? member.allOf.filter(isRecord) : [])];
  for (const part of parts) {
    const schema = property !== null && isRecord(part.properties) ? part.properties[property] : undefined;
    if (!isRecord(schema)) continue;
    const value = schema.const ?? (Array.isArray(schema.enum) && schema.enum.length === 1 ? schema.enum[0] : undefined);
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  const titled = parts.find((part) => typeof part.title === "string" && part.title.trim() !== "");
  return titled ? (titled.title as string) : null;
}

/**
 * The generated document as parseToolDefinition judges it. An output schema the validator refuses
 * (a pattern RE2 cannot run, say) is left out with a warning: the response's shape is a bonus,
 * never a reason to refuse the operation. So is a parameter pattern RE2 cannot run.
 */
export function judgedTool(document: Record<string, unknown>, warnings: string[]): PersistedToolDefinition {
  try {
    return toPersistedForm(parseToolDefinition(document));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const output = error.issues.filter((issue) => issue.path === "output_schema" || issue.path.startsWith("output_schema."));
    if (output.length > 0 && document.output_schema !== null) {
      warnings.push(`No output schema: ${output.map((issue) => `${issue.path} ${issue.message}`).join("; ")}.`);
      return judgedTool({ ...document, output_schema: null }, warnings);
    }
    const loosened = withoutUnrunnablePatterns(document, error.issues.map((issue) => issue.path));
    if (loosened !== null) {
      warnings.push(`A pattern the linear-time matcher cannot run was left out, so the API checks it instead: ${error.issues.map((issue) => issue.path.replace(/\.pattern$/, "")).join(", ")}.`);
      return judgedTool(loosened, warnings);
    }
    throw new NotImportable(`the generated tool is refused: ${error.issues.map((issue) => `${issue.path || "(tool)"} ${issue.message}`).join("; ")}`);
  }
}

/**
 * The document without the parameter `pattern`s at `paths` — when every refused path is such a
 * pattern (a lookahead or `\p{…}` class RE2 cannot run): a constraint the upstream enforces
 * anyway, not a reason to lose the operation. Null when any other problem is among them.
 */
function withoutUnrunnablePatterns(document: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> | null {
  if (paths.length === 0 || !paths.every((path) => path.startsWith("parameters.") && path.endsWith(".pattern"))) return null;
  const copy = structuredClone(document);
  for (const path of paths) {
    const keys = path.split(".").slice(0, -1);
    let schema: unknown = copy;
    for (const key of keys) schema = isRecord(schema) ? schema[key] : undefined;
    // A property name with a dot in it cannot be walked: the operation keeps its reason.
    if (!isRecord(schema) || schema.pattern === undefined) return null;
    delete schema.pattern;
  }
  return copy;
}

/** Path-level parameters, overridden by the operation's own of the same name and location. */
function mergedParameters(pathItem: Record<string, unknown>, operation: Record<string, unknown>): Record<string, unknown>[] {
  const own = Array.isArray(operation.parameters) ? operation.parameters.filter(isRecord) : [];
  const inherited = Array.isArray(pathItem.parameters) ? pathItem.parameters.filter(isRecord) : [];
  const overridden = (parameter: Record<string, unknown>) => own.some((mine) => mine.name === parameter.name && mine.in === parameter.in);
  return [...inherited.filter((parameter) => !overridden(parameter)), ...own];
}

const bodiless = (method: string) => method === "GET" || method === "HEAD";

/**
 * GET and HEAD send no body. Some generators still declare one — optional and without a single
 * field (Stripe's every GET): that body says nothing and is ignored. Any other is refused.
 */
function bodyOfBodilessMethod(body: BodySource | null, method: string): null {
  if (body === null || (!body.required && declaresNoFields(body.schema))) return null;
  throw new NotImportable(`it sends a request body with ${method}, which Quiver tools do not`);
}

/** An object schema with no properties and no room for others (`additionalProperties` absent or false). */
function declaresNoFields(schema: unknown): boolean {
  if (!isRecord(schema) || (schema.type !== undefined && schema.type !== "object")) return false;
  const noProperties = !isRecord(schema.properties) || Object.keys(schema.properties).length === 0;
  return noProperties && (schema.additionalProperties === undefined || schema.additionalProperties === false);
}

/** `query_style` for the query lists that are not written as repeated keys; nothing when none. */
function queryStyles(inputs: readonly OperationInput[]): { query_style?: Record<string, string> } {
  const joined = inputs.filter((input) => input.location === "query" && input.queryStyle !== "repeat");
  return joined.length === 0 ? {} : { query_style: Object.fromEntries(joined.map((input) => [input.original, input.queryStyle])) };
}

/**
 * The request body: its schema and whether it is sent as JSON, as a form or as XML (in that order of
 * preference when several are offered); null without a body. Other media types (multipart, files,
 * binary) are refused with what they are.
 */
function requestBody(source: OperationSource): BodySource | null {
  const { api, operation } = source;
  if (typeof api.swagger === "string") return swaggerBody(source);
  const requestBody = operation.requestBody;
  if (!isRecord(requestBody) || !isRecord(requestBody.content)) return null;
  const types = Object.keys(requestBody.content);
  if (types.length === 0) return null;
  const json = types.find((type) => JSON_MEDIA.test(type));
  const form = types.find((type) => FORM_MEDIA.test(type));
  const xml = types.find((type) => XML_MEDIA.test(type));
  const chosen = json ?? form ?? xml;
  if (chosen === undefined) throw new NotImportable(`its request body is ${types.join(", ")}, which a tool cannot send (it sends JSON, XML or urlencoded forms)`);
  const format = json ? "json" : form ? "form" : "xml";
  const media = requestBody.content[chosen];
  if (!isRecord(media) || media.schema === undefined) throw new NotImportable(`its ${format === "form" ? "form" : format.toUpperCase()} request body has no schema`);
  if (format === "form") checkFormEncoding(media);
  return { schema: media.schema, required: requestBody.required === true, format, mediaType: chosen };
}

/**
 * Swagger 2.0: a `body` parameter is the JSON body; `formData` parameters are the fields of a
 * urlencoded form (a file field, or a multipart-only operation, cannot be sent).
 */
function swaggerBody(source: OperationSource): BodySource | null {
  const { api, operation } = source;
  const parameters = mergedParameters(source.pathItem, operation);
  const consumes = (Array.isArray(operation.consumes) ? operation.consumes : Array.isArray(api.consumes) ? api.consumes : []).filter((type): type is string => typeof type === "string");
  const bodyParameter = parameters.find((parameter) => parameter.in === "body");
  if (bodyParameter) {
    const xml = consumes.find((type) => XML_MEDIA.test(type));
    if (consumes.length > 0 && !consumes.some((type) => JSON_MEDIA.test(type))) {
      if (xml !== undefined) return { schema: bodyParameter.schema, required: bodyParameter.required === true, format: "xml", mediaType: xml };
      throw new NotImportable(`its request body is ${consumes.join(", ")}, which a tool cannot send (it sends JSON, XML or urlencoded forms)`);
    }
    return { schema: bodyParameter.schema, required: bodyParameter.required === true, format: "json", mediaType: "application/json" };
  }
  const fields = parameters.filter((parameter) => parameter.in === "formData");
  if (fields.length === 0) return null;
  const file = fields.find((field) => field.type === "file");
  if (file) throw new NotImportable(`it uploads a file (${String(file.name)}), which a tool cannot send`);
  if (consumes.length > 0 && !consumes.some((type) => FORM_MEDIA.test(type))) {
    throw new NotImportable(`it takes form data as ${consumes.join(", ")}, which a tool cannot send (it sends urlencoded forms)`);
  }
  const properties = Object.fromEntries(fields.map((field) => [String(field.name), schemaOfParameter(field)]));
  const required = fields.filter((field) => field.required === true).map((field) => String(field.name));
  return { schema: { type: "object", properties, required }, required: true, format: "form", mediaType: "application/x-www-form-urlencoded" };
}

/** OpenAPI's per-field `encoding` of a form: only what SPEC §1.8 writes (exploded, `form` style, no own content type). */
function checkFormEncoding(media: Record<string, unknown>): void {
  const encoding = isRecord(media.encoding) ? media.encoding : {};
  for (const [field, rule] of Object.entries(encoding)) {
    if (!isRecord(rule)) continue;
    const style = rule.style ?? "form";
    if (style !== "form" && style !== "deepObject") throw new NotImportable(`its form field ${field} is encoded in the ${String(style)} style, which a tool cannot reproduce`);
    if (rule.explode === false) throw new NotImportable(`its form field ${field} is encoded unexploded (explode: false), which a tool cannot reproduce`);
    if (typeof rule.contentType === "string" && !/^text\/plain\b/i.test(rule.contentType)) {
      throw new NotImportable(`its form field ${field} is sent as ${rule.contentType}, which a tool cannot reproduce`);
    }
  }
}

function description(source: OperationSource, warnings: string[]): string {
  const { operation } = source;
  const parts = [operation.summary, operation.description].filter((text): text is string => typeof text === "string" && text.trim() !== "").map((text) => text.trim());
  const text = [...new Set(parts)].join("\n\n") || `${source.method.toUpperCase()} ${source.path}`;
  if (text.length <= MAX_DESCRIPTION) return text;
  warnings.push(`The description was cut to ${MAX_DESCRIPTION.toLocaleString("en")} characters (from ${text.length.toLocaleString("en")}).`);
  return `${text.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;
}

function parameterSchema(inputs: readonly OperationInput[]): Record<string, unknown> {
  const required = inputs.filter((input) => input.required).map((input) => input.name);
  return {
    type: "object",
    properties: Object.fromEntries(inputs.map((input) => [input.name, input.schema])),
    ...(required.length > 0 ? { required } : {}),
  };
}

/** The path with each `{variable}` as the placeholder of its parameter; an undeclared variable is refused. */
function pathTemplate(path: string, inputs: readonly OperationInput[]): string {
  return path.replace(/\{([^{}]+)\}/g, (_whole, variable: string) => {
    const input = inputs.find((candidate) => candidate.location === "path" && candidate.original === variable);
    if (!input) throw new NotImportable(`its path variable {${variable}} has no declared parameter`);
    return `{{${input.name}}}`;
  });
}

function bodyTemplate(inputs: readonly OperationInput[]): unknown {
  const body = inputs.filter((input) => input.location === "body");
  if (body.length === 0) return null;
  if (body.length === 1 && body[0]!.original === "") return `{{${body[0]!.name}}}`;
  return Object.fromEntries(body.map((input) => [input.original, `{{${input.name}}}`]));
}

/** The schema of the 200 (else first 2xx, else default) JSON response, or null when there is none. */
function successSchema(operation: Record<string, unknown>): Record<string, unknown> | null {
  const responses = isRecord(operation.responses) ? operation.responses : {};
  const code = ["200", ...Object.keys(responses).filter((key) => /^2\d\d$/.test(key)).sort(), "default"].find((key) => isRecord(responses[key]));
  const response = code === undefined ? null : (responses[code] as Record<string, unknown>);
  if (!response) return null;
  const content = isRecord(response.content) ? response.content : null;
  const media = content ? content[Object.keys(content).find((type) => JSON_MEDIA.test(type)) ?? ""] : null;
  const schema = content ? (isRecord(media) ? media.schema : null) : response.schema;
  return isRecord(schema) ? schema : null;
}

/**
 * The success response's schema as the tool's output schema, when it is a JSON object the safe
 * subset expresses without loss (docs/importers.md "Output schemas"); otherwise none — a list or a
 * scalar result silently (MCP structured results are objects), anything else with a warning.
 */
function outputSchema(operation: Record<string, unknown>, warnings: string[]): Record<string, unknown> | null {
  const schema = successSchema(operation);
  if (schema === null) return null;
  try {
    const converted = toSubsetSchema(schema, "the success response", schemaBudget(), "response");
    return converted.type === "object" ? converted : null;
  } catch (error) {
    if (!(error instanceof NotImportable)) throw error;
    warnings.push(`No output schema: ${error.reason}.`);
    return null;
  }
}

/** Top-level properties of the success response: suggestions for a json_path extraction. */
function responseFields(operation: Record<string, unknown>): string[] {
  const schema = successSchema(operation);
  if (schema === null) return [];
  const members = [schema, ...(Array.isArray(schema.allOf) ? schema.allOf.filter(isRecord) : [])];
  const names = members.flatMap((member) => (isRecord(member.properties) ? Object.keys(member.properties) : []));
  return [...new Set(names)].slice(0, MAX_RESPONSE_FIELDS);
}
