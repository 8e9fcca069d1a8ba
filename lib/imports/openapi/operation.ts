/**
 * One OpenAPI operation → one persisted tool definition (docs/importers.md), judged by
 * parseToolDefinition — the one validator — before it is offered. Anything that cannot be
 * expressed throws NotImportable with the reason.
 */
import { parseToolDefinition, toPersistedForm, type PersistedToolDefinition } from "../../tools";
import { ValidationError } from "../../errors";
import { isRecord, NotImportable } from "./not-importable";
import { operationInputs, type OperationInput } from "./parameters";
import { schemaBudget, toSubsetSchema } from "./schema";
import { securityHeaders, type SecretHeader } from "./security";
import { operationBase } from "./servers";

/** Longest description kept (a provider limit, SPEC §1.2); a longer one is cut with a warning. */
export const MAX_DESCRIPTION = 1024;
const TOOL_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
const JSON_MEDIA = /^application\/(.+\+)?json\s*(;|$)/i;
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
}

/** A generated tool, with what the operator should know before importing it. */
export interface MappedOperation {
  readonly tool: PersistedToolDefinition;
  readonly warnings: string[];
  /** Secret headers to fill after the import, and what each holds. */
  readonly secrets: SecretHeader[];
  /** Top-level properties of the success response: suggestions for a json_path extraction. */
  readonly responseFields: string[];
}

/**
 * The tool for one operation.
 *
 * @throws NotImportable with the reason the operation cannot become a tool.
 */
export function mapOperation(source: OperationSource): MappedOperation {
  const { api, operation, pathItem } = source;
  const method = source.method.toUpperCase();
  if (!TOOL_METHODS.has(method)) throw new NotImportable(`${method} is not a method Quiver tools send`);
  const warnings: string[] = [];
  const base = operationBase(operation, pathItem, source.base, source.documentUrl);
  const secrets = securityHeaders(operation, api);
  const skip = new Set(secrets.map((secret) => secret.name.toLowerCase()));
  const body = requestBody(source);
  if (body && (method === "GET" || method === "HEAD")) throw new NotImportable(`it sends a request body with ${method}, which Quiver tools do not`);
  const inputs = operationInputs(mergedParameters(pathItem, operation), body, skip, schemaBudget(), warnings);
  const document = {
    name: source.name,
    description: description(source, warnings),
    parameters: parameterSchema(inputs),
    request: {
      method,
      url: base + pathTemplate(source.path, inputs),
      headers: {
        ...Object.fromEntries(inputs.filter((input) => input.location === "header").map((input) => [input.original, `{{${input.name}}}`])),
        ...Object.fromEntries(secrets.map((secret) => [secret.name, ""])),
      },
      query: Object.fromEntries(inputs.filter((input) => input.location === "query").map((input) => [input.original, `{{${input.name}}}`])),
      body: bodyTemplate(inputs),
    },
    response: { extract: "body_raw" },
    secret_headers: secrets.map((secret) => secret.name),
    side_effect: method !== "GET" && method !== "HEAD",
    group: Array.isArray(operation.tags) && typeof operation.tags[0] === "string" ? operation.tags[0] : null,
    output_schema: outputSchema(operation, warnings),
  };
  return { tool: judged(document, warnings), warnings, secrets, responseFields: responseFields(operation) };
}

/**
 * The generated document as parseToolDefinition judges it. An output schema the validator refuses
 * (a pattern RE2 cannot run, say) is left out with a warning: the response's shape is a bonus,
 * never a reason to refuse the operation.
 */
function judged(document: Record<string, unknown>, warnings: string[]): PersistedToolDefinition {
  try {
    return toPersistedForm(parseToolDefinition(document));
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const outputOnly = error.issues.every((issue) => issue.path === "output_schema" || issue.path.startsWith("output_schema."));
    if (outputOnly && document.output_schema !== null) {
      warnings.push(`No output schema: ${error.issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")}.`);
      return judged({ ...document, output_schema: null }, warnings);
    }
    throw new NotImportable(`the generated tool is refused: ${error.issues.map((issue) => `${issue.path || "(tool)"} ${issue.message}`).join("; ")}`);
  }
}

/** Path-level parameters, overridden by the operation's own of the same name and location. */
function mergedParameters(pathItem: Record<string, unknown>, operation: Record<string, unknown>): Record<string, unknown>[] {
  const own = Array.isArray(operation.parameters) ? operation.parameters.filter(isRecord) : [];
  const inherited = Array.isArray(pathItem.parameters) ? pathItem.parameters.filter(isRecord) : [];
  const overridden = (parameter: Record<string, unknown>) => own.some((mine) => mine.name === parameter.name && mine.in === parameter.in);
  return [...inherited.filter((parameter) => !overridden(parameter)), ...own];
}

/** The JSON request body's schema, or null without a body. */
function requestBody(source: OperationSource): { schema: unknown; required: boolean } | null {
  const { api, operation } = source;
  if (typeof api.swagger === "string") {
    const parameters = mergedParameters(source.pathItem, operation);
    const bodyParameter = parameters.find((parameter) => parameter.in === "body");
    if (!bodyParameter) return null;
    const consumes = Array.isArray(operation.consumes) ? operation.consumes : Array.isArray(api.consumes) ? api.consumes : [];
    if (consumes.length > 0 && !consumes.some((type) => typeof type === "string" && JSON_MEDIA.test(type))) {
      throw new NotImportable(`its request body is ${consumes.join(", ")}, which a JSON tool cannot send`);
    }
    return { schema: bodyParameter.schema, required: bodyParameter.required === true };
  }
  const requestBody = operation.requestBody;
  if (!isRecord(requestBody) || !isRecord(requestBody.content)) return null;
  const types = Object.keys(requestBody.content);
  if (types.length === 0) return null;
  const json = types.find((type) => JSON_MEDIA.test(type));
  if (json === undefined) throw new NotImportable(`its request body is ${types.join(", ")}, which a JSON tool cannot send`);
  const media = requestBody.content[json];
  if (!isRecord(media) || media.schema === undefined) throw new NotImportable("its JSON request body has no schema");
  return { schema: media.schema, required: requestBody.required === true };
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
