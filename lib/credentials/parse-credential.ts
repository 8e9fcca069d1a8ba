/**
 * Reading a credential from an untrusted form or import (SPEC §5.1): every problem is reported
 * with its path (never stopping at the first), and only a fully valid credential comes back.
 *
 * Input fields (snake_case, as in persisted tool definitions): `name`, `description`, `kind`,
 * `hosts`, then per kind `header_name` + `value`, `parameter_name` + `value`, `username` +
 * `password`, or `token_url`, `client_id`, `client_secret`, `scopes`, `audience`, `client_auth`.
 * A field of another kind is refused, so a typo or a stale form field is never silently dropped.
 *
 * The secret part is returned apart, as submitted: absent, `""` and a mask mean "keep the stored
 * value" and are left to lib/secrets/reconcile.ts; only a new value is checked here.
 */
import { ValidationError, type ValidationIssue } from "../errors";
import { isMask, isWellFormedText } from "../secrets";
import { parseHostPattern } from "./hosts";
import { isHeaderSafe } from "./placement";
import { HEADER_NAME_PATTERN, MAX_NAME_LENGTH, NAME_PATTERN, RESERVED_HEADER_NAMES } from "../tools";
import { tokenUrlProblem } from "./token-url";
import { CREDENTIAL_KINDS, SECRET_PART, type Credential, type CredentialKind } from "./types";

export interface CredentialInput {
  readonly credential: Credential;
  /** The submitted secret part: undefined when absent, otherwise as typed (`""` or a mask keeps the stored one). */
  readonly secret: string | undefined;
}

const MAX_DESCRIPTION_LENGTH = 1000;
const MAX_HOSTS = 50;
const MAX_SCOPES = 50;
const MAX_SECRET_LENGTH = 8192;
const MAX_FIELD_LENGTH = 2048;
/** Headers that frame or route the message: a credential in them would break the request, not authenticate it. */
const FRAMING_HEADERS = new Set([
  "host", "content-length", "content-type", "transfer-encoding", "connection", "keep-alive",
  "upgrade", "te", "trailer", "proxy-connection", "expect",
]);
/** RFC 6749 §3.3 scope-token. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
/** Control characters (a tab included): no credential field needs one, and a header would be refused. */
const CONTROL = /[\x00-\x1f\x7f]/;
/** A description may run over lines and hold tabs. */
const CONTROL_IN_PROSE = /[\x00-\x08\x0b-\x1f\x7f]/;

const COMMON_FIELDS = ["name", "description", "kind", "hosts"];
const KIND_FIELDS: Readonly<Record<CredentialKind, readonly string[]>> = {
  header: ["header_name", "value"],
  query: ["parameter_name", "value"],
  basic: ["username", "password"],
  oauth2_client_credentials: ["token_url", "client_id", "client_secret", "scopes", "audience", "client_auth"],
};

type Input = Readonly<Record<string, unknown>>;

class Problems {
  readonly list: ValidationIssue[] = [];
  add(path: string, message: string): void {
    this.list.push({ path, message });
  }
}

/**
 * A valid credential and its submitted secret from `input`, or a ValidationError listing every
 * problem with its path (`hosts.1`, `token_url`, …).
 */
export function parseCredentialInput(input: unknown): CredentialInput {
  const problems = new Problems();
  if (!isPlainObject(input)) throw new ValidationError([{ path: "", message: "A credential must be a JSON object." }]);
  const kind = input.kind;
  const knownKind = typeof kind === "string" && (CREDENTIAL_KINDS as readonly string[]).includes(kind);
  if (!knownKind) problems.add("kind", `must be one of ${CREDENTIAL_KINDS.join(", ")}`);
  const allowed = new Set([...COMMON_FIELDS, ...(knownKind ? KIND_FIELDS[kind as CredentialKind] : [])]);
  for (const key of Object.keys(input)) {
    if (knownKind && !allowed.has(key)) problems.add(key, `is not a field of a ${kind as string} credential`);
  }

  const base = {
    name: nameOf(input, problems),
    description: optionalText(input, "description", MAX_DESCRIPTION_LENGTH, problems) ?? "",
    hosts: hostsOf(input, problems),
  };
  const credential = knownKind ? kindFields(kind as CredentialKind, input, base, problems) : null;
  const secret = knownKind ? secretOf(kind as CredentialKind, input, problems) : undefined;
  if (problems.list.length > 0 || credential === null) throw new ValidationError(problems.list);
  return { credential, secret };
}

function kindFields(kind: CredentialKind, input: Input, base: Omit<Credential, "kind">, problems: Problems): Credential {
  switch (kind) {
    case "header":
      return { ...base, kind, headerName: headerNameOf(input, problems) };
    case "query":
      return { ...base, kind, parameterName: requiredText(input, "parameter_name", 128, problems) };
    case "basic": {
      const username = requiredText(input, "username", 256, problems);
      // RFC 7617: the user-id ends at the first colon, so one inside it would move into the password.
      if (username.includes(":")) problems.add("username", "may not contain a colon (:)");
      return { ...base, kind, username };
    }
    case "oauth2_client_credentials":
      return {
        ...base,
        kind,
        tokenUrl: tokenUrlOf(input, problems),
        clientId: requiredText(input, "client_id", 512, problems),
        scopes: scopesOf(input, problems),
        audience: optionalText(input, "audience", MAX_FIELD_LENGTH, problems) || null,
        clientAuthentication: clientAuthOf(input, problems),
      };
  }
}

// The tool-name rule (SPEC §1.2): a credential is named like a tool so `"auth": {"credential": NAME}` reads alike.
function nameOf(input: Input, problems: Problems): string {
  const name = input.name;
  if (typeof name !== "string" || name === "") {
    problems.add("name", "is required: lower-case letters, digits and _, starting with a letter");
    return "";
  }
  if (name.length > MAX_NAME_LENGTH) problems.add("name", `is longer than ${MAX_NAME_LENGTH} characters`);
  else if (!NAME_PATTERN.test(name)) problems.add("name", `"${name}" is not a valid name: use lower-case letters, digits and _, starting with a letter`);
  return name;
}

function hostsOf(input: Input, problems: Problems): string[] {
  const hosts = input.hosts;
  if (!Array.isArray(hosts) || hosts.length === 0) {
    problems.add("hosts", "must list at least one host the credential may be sent to");
    return [];
  }
  if (hosts.length > MAX_HOSTS) problems.add("hosts", `may list at most ${MAX_HOSTS} hosts`);
  const patterns: string[] = [];
  hosts.forEach((host: unknown, index) => {
    if (typeof host !== "string") return problems.add(`hosts.${index}`, "must be a host name");
    const result = parseHostPattern(host);
    if ("problem" in result) return problems.add(`hosts.${index}`, result.problem);
    if (patterns.includes(result.pattern)) return problems.add(`hosts.${index}`, `"${result.pattern}" is listed twice`);
    patterns.push(result.pattern);
  });
  return patterns;
}

function headerNameOf(input: Input, problems: Problems): string {
  const name = requiredText(input, "header_name", 256, problems);
  if (name === "") return name;
  if (!HEADER_NAME_PATTERN.test(name)) problems.add("header_name", `"${name}" is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~)`);
  else if (RESERVED_HEADER_NAMES.has(name.toLowerCase())) problems.add("header_name", `"${name}" cannot be used as a header name`);
  else if (FRAMING_HEADERS.has(name.toLowerCase())) problems.add("header_name", `"${name}" frames the request and cannot carry a credential`);
  return name;
}

function tokenUrlOf(input: Input, problems: Problems): string {
  const url = requiredText(input, "token_url", MAX_FIELD_LENGTH, problems);
  const problem = url === "" ? null : tokenUrlProblem(url);
  if (problem) problems.add("token_url", problem);
  return url;
}

function scopesOf(input: Input, problems: Problems): string[] {
  const scopes = input.scopes;
  if (scopes === undefined || scopes === null) return [];
  if (!Array.isArray(scopes)) {
    problems.add("scopes", "must be a list of scopes");
    return [];
  }
  if (scopes.length > MAX_SCOPES) problems.add("scopes", `may list at most ${MAX_SCOPES} scopes`);
  scopes.forEach((scope: unknown, index) => {
    if (typeof scope !== "string" || !SCOPE_TOKEN.test(scope)) {
      problems.add(`scopes.${index}`, "must be one scope: printable ASCII without spaces, quotes or backslashes");
    } else if (scopes.indexOf(scope) !== index) problems.add(`scopes.${index}`, `"${scope}" is listed twice`);
  });
  return scopes.filter((scope): scope is string => typeof scope === "string");
}

function clientAuthOf(input: Input, problems: Problems): "basic" | "body" {
  const value = input.client_auth;
  if (value === undefined || value === null || value === "basic") return "basic";
  if (value === "body") return "body";
  problems.add("client_auth", 'must be "basic" (HTTP Basic, the default) or "body" (form fields)');
  return "basic";
}

function secretOf(kind: CredentialKind, input: Input, problems: Problems): string | undefined {
  const part = SECRET_PART[kind];
  const value = input[part];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    problems.add(part, "must be a string");
    return undefined;
  }
  if (value === "" || isMask(value)) return value;
  if (value.length > MAX_SECRET_LENGTH) problems.add(part, `is longer than ${MAX_SECRET_LENGTH} characters`);
  else if (!isWellFormedText(value)) problems.add(part, "contains an unpaired surrogate and cannot be encoded");
  // A header value may carry a tab; nothing else may carry any control character.
  else if (kind === "header" ? !isHeaderSafe(value) : CONTROL.test(value)) {
    problems.add(part, kind === "header" ? "contains characters an HTTP header cannot carry (control or non-Latin-1)" : "contains a control character");
  }
  return value;
}

function requiredText(input: Input, field: string, max: number, problems: Problems): string {
  const value = optionalText(input, field, max, problems);
  if (value === undefined || value === "") {
    if (value === "" || input[field] === undefined || input[field] === null) problems.add(field, "is required");
    return "";
  }
  return value;
}

function optionalText(input: Input, field: string, max: number, problems: Problems): string | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    problems.add(field, "must be a string");
    return undefined;
  }
  if (value.length > max) problems.add(field, `is longer than ${max} characters`);
  else if ((field === "description" ? CONTROL_IN_PROSE : CONTROL).test(value)) problems.add(field, "contains a control character");
  else if (!isWellFormedText(value)) problems.add(field, "contains an unpaired surrogate");
  return value;
}

function isPlainObject(value: unknown): value is Input {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
