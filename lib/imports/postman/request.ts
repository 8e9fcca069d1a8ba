/**
 * One Postman request → one tool (docs/importers.md "Postman collections"), judged by the one
 * validator before it is offered; anything that cannot be expressed throws NotImportable.
 *
 * Variables: a `{{variable}}` with a value (the collection's, or the operator's override) is
 * replaced by it; one without becomes a string parameter the model fills (`{{user_id}}`), except in
 * the scheme, host or port — a model never chooses where a request goes — where the request is
 * refused until the variable has a value. Path variables (`:id`) become parameters too.
 * Credentials are never imported: auth becomes empty secret headers, or a shared query credential
 * for an API key in the query (as the OpenAPI importer does), and a literal header that looks like
 * a credential (Authorization, *api-key*, *token*, *secret*) becomes an empty secret header.
 */
import type { PersistedToolDefinition } from "../../tools";
import { judgedTool, MAX_DESCRIPTION } from "../openapi/operation";
import { NameSet, snakeCase } from "../openapi/naming";
import { isRecord, NotImportable } from "../openapi/not-importable";
import { sharedCredentialName, type ProposedCredential, type SecretHeader } from "../openapi/security";

const VARIABLE = /\{\{([^{}]+?)\}\}/g;
/** How deep a variable's value may name other variables. */
const NESTING = 5;
const BODILESS = new Set(["GET", "HEAD"]);
const TOOL_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
/** Headers Quiver sets itself (or that frame the request): left out, with a warning. */
const MANAGED_HEADERS = new Set(["content-type", "content-length", "host", "connection", "transfer-encoding", "cookie"]);
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization)$|api[-_]?key|token|secret/i;
const ORIGIN = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)(.*)$/i;

/** What the mapping of one request reads. */
export interface RequestSource {
  /** The item (normalised JSON): name, request, description. */
  readonly item: Record<string, unknown>;
  /** The auth in effect: the request's own, else the nearest folder's, else the collection's. */
  readonly auth: unknown;
  /** The tool name already chosen (unique in the collection). */
  readonly name: string;
  /** The top folder's name, or null at the collection's top. */
  readonly group: string | null;
  /** Variable name → value (the collection's, overridden by the operator's). */
  readonly values: ReadonlyMap<string, string>;
  /** The collection's title: a shared credential is named after it. */
  readonly title: string;
}

export interface MappedRequest {
  readonly tool: PersistedToolDefinition;
  readonly warnings: string[];
  readonly secrets: SecretHeader[];
  readonly credential: ProposedCredential | null;
}

/** Parameters made of a request's unresolved variables and path variables, one per name. */
class ParameterNames {
  private readonly names = new NameSet();
  private readonly byVariable = new Map<string, string>();
  readonly descriptions = new Map<string, string>();

  /** The parameter for variable `variable` (made on first use). */
  of(variable: string, description: string): string {
    let name = this.byVariable.get(variable);
    if (name === undefined) {
      name = this.names.claim(snakeCase(variable, "p"));
      this.byVariable.set(variable, name);
      this.descriptions.set(name, description);
    }
    return name;
  }

  get all(): string[] {
    return [...this.descriptions.keys()];
  }
}

/** `text` with every variable that has a value replaced by it (values may name variables too). */
export function resolveVariables(text: string, values: ReadonlyMap<string, string>): string {
  let current = text;
  for (let depth = 0; depth < NESTING && current.includes("{{"); depth += 1) {
    const next = current.replace(VARIABLE, (whole, name: string) => values.get(name.trim()) ?? whole);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** The variables still in `text`, by name. */
function unresolved(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((match) => match[1]!.trim());
}

/** `text` resolved, each remaining variable turned into a placeholder of its parameter. */
function templated(text: string, values: ReadonlyMap<string, string>, parameters: ParameterNames): string {
  return resolveVariables(text, values).replace(VARIABLE, (_whole, name: string) => `{{${parameters.of(name.trim(), `The collection's {{${name.trim()}}}.`)}}}`);
}

const enabled = (entries: unknown): Record<string, unknown>[] => (Array.isArray(entries) ? entries.filter(isRecord).filter((entry) => entry.disabled !== true) : []);
const text = (value: unknown): string => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value));

/** A Postman description (text, or `{content}`), trimmed; "" for none. */
export function descriptionText(value: unknown): string {
  if (typeof value === "string") return value.trim();
  return isRecord(value) && typeof value.content === "string" ? value.content.trim() : "";
}

/**
 * The tool for one request.
 *
 * @throws NotImportable with the reason the request cannot become a tool.
 */
export function mapRequest(source: RequestSource): MappedRequest {
  const request = isRecord(source.item.request) ? source.item.request : null;
  if (!request) throw new NotImportable("it holds no request");
  const method = text(request.method || "GET").toUpperCase();
  if (!TOOL_METHODS.has(method)) throw new NotImportable(`${method} is not a method Quiver tools send`);
  const warnings: string[] = [];
  const parameters = new ParameterNames();
  const { secrets, credential } = authNeeds(source.auth, source.title, source.values);
  const url = requestUrl(request.url, source.values, parameters, credential, warnings);
  const headers = requestHeaders(request.header, source.values, parameters, secrets, warnings);
  const body = BODILESS.has(method) ? droppedBody(request.body, method, warnings) : requestBody(request.body, source.values, parameters);
  const described = descriptionText(request.description) || descriptionText(source.item.description) || text(source.item.name).trim() || `${method} ${url.base}`;
  const description = described.length > MAX_DESCRIPTION ? `${described.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…` : described;
  if (described.length > MAX_DESCRIPTION) warnings.push(`The description was cut to ${MAX_DESCRIPTION} characters (a provider limit).`);
  const document = {
    name: source.name,
    description,
    parameters: {
      type: "object",
      properties: Object.fromEntries(parameters.all.map((name) => [name, { type: "string", description: parameters.descriptions.get(name) }])),
      required: parameters.all,
    },
    request: {
      method,
      url: url.base,
      headers: { ...headers, ...Object.fromEntries(secrets.map((secret) => [secret.name, ""])) },
      query: url.query,
      body: body?.value ?? null,
      ...(body?.format === "form" ? { body_format: "form" } : {}),
    },
    response: { extract: "body_raw" },
    secret_headers: secrets.map((secret) => secret.name),
    ...(credential ? { auth: { credential: credential.name } } : {}),
    side_effect: !BODILESS.has(method),
    group: source.group,
  };
  return { tool: judgedTool(document, warnings), warnings, secrets, credential };
}

/** The URL without its query (scheme, host and port literal), and its query entries. */
function requestUrl(
  input: unknown,
  values: ReadonlyMap<string, string>,
  parameters: ParameterNames,
  credential: ProposedCredential | null,
  warnings: string[],
): { base: string; query: Record<string, string> } {
  const url = isRecord(input) ? input : {};
  const host = Array.isArray(url.host) ? url.host.map(text).join(".") : text(url.host);
  if (host === "") throw new NotImportable("its URL is empty");
  const port = text(url.port);
  const scheme = text(url.protocol);
  const path = Array.isArray(url.path) ? url.path.map(text) : [];
  const pathVariables = new Map(enabled(url.variable).map((variable) => [text(variable.key), descriptionText(variable.description)]));
  let address = resolveVariables(`${scheme ? `${scheme}://` : ""}${host}${port ? `:${port}` : ""}`, values);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(address)) {
    address = `https://${address}`;
    warnings.push("The URL names no scheme: https is used.");
  }
  const [, origin = address, basePath = ""] = ORIGIN.exec(address) ?? [];
  const hostVariables = unresolved(origin);
  if (hostVariables.length > 0) {
    throw new NotImportable(`its URL's scheme, host or port comes from {{${hostVariables[0]}}}, which has no value: give it one under "Collection variables"`);
  }
  if (!/^https?:\/\//i.test(origin)) throw new NotImportable(`its URL ${origin} is not http(s)`);
  const segments = path.map((segment) =>
    segment.startsWith(":") && segment.length > 1
      ? `{{${parameters.of(segment.slice(1), pathVariables.get(segment.slice(1)) || `The path's :${segment.slice(1)}.`)}}}`
      : templated(segment, values, parameters),
  );
  const query: Record<string, string> = {};
  for (const entry of enabled(url.query)) {
    const key = text(entry.key);
    if (key === "") continue;
    if (credential?.kind === "query" && key === credential.parameterName) {
      warnings.push(`The query parameter ${key} is left out: the shared credential sets it.`);
      continue;
    }
    if (Object.hasOwn(query, key)) throw new NotImportable(`its query repeats ${key}, which a tool sends once (or as a list parameter)`);
    query[key] = templated(text(entry.value), values, parameters);
  }
  const joined = [basePath.replace(/\/+$/, ""), ...segments].filter((part, index) => index === 0 || part !== "").join("/");
  return { base: origin + (joined.startsWith("/") || joined === "" ? joined : `/${joined}`), query };
}

/** The request's own headers: credentials-looking ones become empty secret headers (added to `secrets`). */
function requestHeaders(input: unknown, values: ReadonlyMap<string, string>, parameters: ParameterNames, secrets: SecretHeader[], warnings: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const entry of enabled(input)) {
    const name = text(entry.key).trim();
    if (name === "") continue;
    if (MANAGED_HEADERS.has(name.toLowerCase())) {
      warnings.push(`The header ${name} is left out: Quiver sets it.`);
      continue;
    }
    if (CREDENTIAL_HEADER.test(name)) {
      if (!secrets.some((secret) => secret.name.toLowerCase() === name.toLowerCase())) secrets.push({ name, note: `the value of ${name} (not imported: a credential is entered in Quiver)` });
      continue;
    }
    headers[name] = templated(text(entry.value), values, parameters);
  }
  return headers;
}

function droppedBody(input: unknown, method: string, warnings: string[]): null {
  if (isRecord(input) && typeof input.mode === "string" && hasContent(input)) warnings.push(`The body is left out: ${method} requests send none.`);
  return null;
}

function hasContent(body: Record<string, unknown>): boolean {
  const content = body[body.mode as string];
  return typeof content === "string" ? content.trim() !== "" : Array.isArray(content) ? content.length > 0 : content !== undefined;
}

/** A raw JSON body as a template, or urlencoded fields as a form body; other kinds are refused. */
function requestBody(input: unknown, values: ReadonlyMap<string, string>, parameters: ParameterNames): { value: unknown; format: "json" | "form" } | null {
  if (!isRecord(input) || typeof input.mode !== "string" || !hasContent(input)) return null;
  if (input.mode === "urlencoded") {
    return { value: Object.fromEntries(enabled(input.urlencoded).map((field) => [text(field.key), templated(text(field.value), values, parameters)])), format: "form" };
  }
  if (input.mode !== "raw") throw new NotImportable(`its body is ${input.mode === "formdata" ? "multipart form data" : input.mode}, which a tool cannot send (it sends JSON, XML or urlencoded forms)`);
  const language = isRecord(input.options) && isRecord(input.options.raw) ? text(input.options.raw.language) : "";
  const raw = resolveVariables(text(input.raw), values);
  // Postman lets a variable stand for a whole JSON value ("age": {{age}}): quoted, it is a placeholder the argument fills.
  const quoted = raw.replace(/("(?:[^"\\]|\\.)*")|\{\{([^{}]+?)\}\}/g, (whole, string: string | undefined) => (string !== undefined ? whole : `"${whole}"`));
  let parsed: unknown;
  try {
    parsed = JSON.parse(quoted);
  } catch {
    throw new NotImportable(`its raw body is ${language && language !== "json" ? language : "text that is not JSON"}, which a tool cannot send (it sends JSON, XML or urlencoded forms)`);
  }
  return { value: templatedJson(parsed, values, parameters), format: "json" };
}

function templatedJson(value: unknown, values: ReadonlyMap<string, string>, parameters: ParameterNames): unknown {
  if (typeof value === "string") return templated(value, values, parameters);
  if (Array.isArray(value)) return value.map((item) => templatedJson(item, values, parameters));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, templatedJson(item, values, parameters)]));
  return value;
}

/** The auth's parameters (`[{key, value}]`) by key. */
function authParameters(auth: Record<string, unknown>, type: string): Map<string, string> {
  return new Map(enabled(auth[type]).map((entry) => [text(entry.key), text(entry.value)]));
}

/**
 * Postman auth → secret headers (values never imported) or a shared credential: `query` for an API
 * key in the query, `basic` for Basic auth, with its user name when the collection gives one (the
 * operator types it otherwise; a password is a secret, never imported). A user name that is still
 * a variable, or holds a colon, leaves an empty Authorization header.
 */
function authNeeds(input: unknown, title: string, values: ReadonlyMap<string, string>): { secrets: SecretHeader[]; credential: ProposedCredential | null } {
  const auth = isRecord(input) ? input : null;
  const type = auth && typeof auth.type === "string" ? auth.type : "noauth";
  const header = (note: string) => ({ secrets: [{ name: "Authorization", note }], credential: null });
  switch (type) {
    case "noauth":
      return { secrets: [], credential: null };
    case "bearer":
      return header('"Bearer " and the token (the collection\'s bearer auth)');
    case "basic": {
      const username = resolveVariables(authParameters(auth!, "basic").get("username") ?? "", values).trim();
      if (username.includes("{{") || username.includes(":")) return header('"Basic " and the base64 of user:password (the collection\'s basic auth)');
      const note = username === "" ? "Basic auth: a user name and password (the collection's basic auth)" : `Basic auth as ${username}: enter the password (the collection's basic auth)`;
      return { secrets: [], credential: { name: sharedCredentialName(title, "basic"), kind: "basic", username, note } };
    }
    case "oauth2":
      return header('"Bearer " and an access token: Quiver does not run the OAuth 2.0 flow');
    case "apikey": {
      const parameters = authParameters(auth!, "apikey");
      const name = parameters.get("key") || "x-api-key";
      if (parameters.get("in") === "query") {
        return { secrets: [], credential: { name: sharedCredentialName(title, "api_key"), kind: "query", parameterName: name, note: `the API key sent as ?${name}= (the collection's API key auth)` } };
      }
      return { secrets: [{ name, note: "the API key (the collection's API key auth)" }], credential: null };
    }
    default:
      throw new NotImportable(`its ${type} auth cannot be expressed: Quiver sends credentials as headers, a query key or a shared credential`);
  }
}
