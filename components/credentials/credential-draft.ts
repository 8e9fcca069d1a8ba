/**
 * The credential form's state and its mapping to the snake_case input that lib/credentials'
 * parseCredentialInput judges on the server (SPEC §5.1). The draft keeps every kind's fields, so
 * switching the kind back and forth loses nothing typed; only the chosen kind's fields are sent
 * (the parser refuses a field of another kind). No rule is repeated here: the server names
 * every problem with its path, and `fieldPath` maps those paths back to the form's fields.
 */
import { SECRET_PART, type CredentialKind } from "@/lib/credentials/types";
import type { SecretEntry } from "@/components/tool-form/secret-field";

export interface HostRow {
  readonly key: string;
  readonly value: string;
}

export interface CredentialDraft {
  readonly name: string;
  readonly description: string;
  readonly kind: CredentialKind;
  readonly hosts: readonly HostRow[];
  readonly headerName: string;
  readonly parameterName: string;
  readonly username: string;
  readonly tokenUrl: string;
  readonly clientId: string;
  /** Space- or comma-separated, as typed. */
  readonly scopes: string;
  readonly audience: string;
  readonly clientAuth: "basic" | "body";
}

/** The public parts of a stored credential, as the page hands them to the form (no secret, only its mask). */
export interface CredentialFields {
  readonly name: string;
  readonly description: string;
  readonly kind: CredentialKind;
  readonly hosts: readonly string[];
  /** The kind's public fields, snake_case as stored (header_name, token_url, scopes, …). */
  readonly config: Readonly<Record<string, string | readonly string[] | null>>;
}

/** What each kind is called in the product, and what its one secret part is called on the form. */
export const KIND_LABELS: Readonly<Record<CredentialKind, { readonly label: string; readonly secret: string; readonly hint: string }>> = {
  header: { label: "Header", secret: "Header value", hint: "An API key or token sent in one header, e.g. Authorization: Bearer …" },
  query: { label: "Query parameter", secret: "Parameter value", hint: "A key sent as one query parameter, e.g. ?api_key=…" },
  basic: { label: "Basic auth", secret: "Password", hint: "A user name and password, sent as Authorization: Basic …" },
  oauth2_client_credentials: {
    label: "OAuth2 client credentials",
    secret: "Client secret",
    hint: "Quiver fetches an access token from the token URL and sends it as a bearer token.",
  },
};

let nextKey = 0;
/** A React key for a new host row (never sent). */
export function hostRow(value = ""): HostRow {
  nextKey += 1;
  return { key: `host-${nextKey}`, value };
}

/** A blank draft: a header credential with one empty host row. */
export function emptyCredentialDraft(): CredentialDraft {
  return {
    name: "",
    description: "",
    kind: "header",
    hosts: [hostRow()],
    headerName: "Authorization",
    parameterName: "api_key",
    username: "",
    tokenUrl: "https://",
    clientId: "",
    scopes: "",
    audience: "",
    clientAuth: "basic",
  };
}

/** The draft of a stored credential; the other kinds' fields keep their blank defaults. */
export function draftFromCredential(stored: CredentialFields): CredentialDraft {
  const blank = emptyCredentialDraft();
  const text = (key: string, fallback: string) => {
    const value = stored.config[key];
    return typeof value === "string" ? value : fallback;
  };
  const scopes = stored.config.scopes;
  return {
    ...blank,
    name: stored.name,
    description: stored.description,
    kind: stored.kind,
    hosts: stored.hosts.length > 0 ? stored.hosts.map((host) => hostRow(host)) : blank.hosts,
    headerName: text("header_name", blank.headerName),
    parameterName: text("parameter_name", blank.parameterName),
    username: text("username", blank.username),
    tokenUrl: text("token_url", blank.tokenUrl),
    clientId: text("client_id", blank.clientId),
    scopes: Array.isArray(scopes) ? scopes.join(" ") : "",
    audience: text("audience", ""),
    clientAuth: stored.config.client_auth === "body" ? "body" : "basic",
  };
}

/** "read write, admin" → ["read", "write", "admin"]. */
function splitScopes(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}

/**
 * The input the save action sends for `draft`: the chosen kind's fields in snake_case, the
 * secret part only when a new value was typed, and `clearSecret` when the operator cleared it.
 * An untouched secret is left out, which keeps the stored value.
 */
export function credentialInput(draft: CredentialDraft, secret: SecretEntry): { input: Record<string, unknown>; clearSecret: boolean } {
  const input: Record<string, unknown> = {
    name: draft.name.trim(),
    description: draft.description,
    kind: draft.kind,
    // Blank rows are dropped; anything typed goes as typed, so the server names the bad host.
    hosts: draft.hosts.map((row) => row.value.trim()).filter(Boolean),
  };
  switch (draft.kind) {
    case "header":
      input.header_name = draft.headerName.trim();
      break;
    case "query":
      input.parameter_name = draft.parameterName.trim();
      break;
    case "basic":
      input.username = draft.username;
      break;
    case "oauth2_client_credentials":
      input.token_url = draft.tokenUrl.trim();
      input.client_id = draft.clientId;
      input.scopes = splitScopes(draft.scopes);
      input.audience = draft.audience.trim() === "" ? null : draft.audience.trim();
      input.client_auth = draft.clientAuth;
      break;
  }
  if (secret.kind === "replace" && secret.value !== "") input[SECRET_PART[draft.kind]] = secret.value;
  return { input, clearSecret: secret.kind === "clear" };
}

/**
 * The form field a server issue belongs to: `hosts.2` → the third host row's input, `scopes.0`
 * → the scopes field, the secret part → "secret". Unknown paths land on the form as a whole ("").
 */
export function fieldPath(path: string): string {
  if (/^hosts\.\d+$/.test(path) || path === "hosts") return path;
  if (path.startsWith("scopes")) return "scopes";
  if (path === "value" || path === "password" || path === "client_secret") return "secret";
  return FIELDS.has(path) ? path : "";
}

const FIELDS = new Set(["name", "description", "kind", "header_name", "parameter_name", "username", "token_url", "client_id", "audience", "client_auth"]);

/** Whether `draft` differs from `opened` in anything the operator typed (host rows' React keys aside). */
export function draftChanged(draft: CredentialDraft, opened: CredentialDraft): boolean {
  const typed = (each: CredentialDraft) => JSON.stringify({ ...each, hosts: each.hosts.map((row) => row.value) });
  return typed(draft) !== typed(opened);
}
