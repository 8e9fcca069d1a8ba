/**
 * Placing a credential into a request at the executor's edge (SPEC §1.5 step 3, §5.1): the last
 * thing before the request goes on the wire, after the host binding is checked. What comes back
 * says which plaintexts the request now carries (for the redactor) and which headers are secret
 * (for send-request's rule that drops them when a redirect leaves the origin).
 *
 * Decision: a credential travels only over https, or plain http to a loopback host (as the token
 * URL, see token-url.ts): an API key sent in clear text is as good as published.
 */
import { MASK_PREFIX } from "../secrets";
import { headerValueProblem } from "../tools";
import { hostAdmitted } from "./hosts";
import { isLoopbackHost } from "./token-url";
import type { Credential } from "./types";

/** What placement needs of a request; the executor's WireRequest fits. */
export interface PlaceableRequest {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
}

export interface Placement<R extends PlaceableRequest> {
  /** A copy of the request with the credential in place. */
  readonly request: R;
  /** Every plaintext the request now carries, in every spelling that matters (Basic's encoded pair too). */
  readonly plaintexts: readonly string[];
  /** Lower-cased names of the headers that carry the credential (none for `query`). */
  readonly secretHeaderNames: readonly string[];
}

export type CredentialRefusal = "host_not_admitted" | "insecure_scheme" | "unsendable_value";

/** True when `value` can travel as an HTTP header value (checked at save, and again before sending): lib/tools' one rule. */
export function isHeaderSafe(value: string): boolean {
  return headerValueProblem(value) === null;
}

const REFUSALS: Readonly<Record<CredentialRefusal, (credential: Credential, url: URL) => string>> = {
  // The admitted hosts stay out: a refusal can reach a viewer, who sees a credential's name and kind only.
  host_not_admitted: (credential, url) => `Credential "${credential.name}" may not be sent to ${url.hostname}: it does not admit that host.`,
  insecure_scheme: (credential, url) =>
    `Credential "${credential.name}" is sent only over https (http only to a loopback host), not to ${url.protocol}//${url.hostname}.`,
  unsendable_value: (credential) => `Credential "${credential.name}" holds a value an HTTP header cannot carry; enter it again.`,
};

/** A credential was not placed because the request goes where it may not be sent. Names no secret. */
export class CredentialRefusedError extends Error {
  readonly code = "credential_refused" as const;
  readonly reason: CredentialRefusal;

  constructor(credential: Credential, reason: CredentialRefusal, url: URL) {
    super(REFUSALS[reason](credential, url));
    this.name = "CredentialRefusedError";
    this.reason = reason;
  }
}

/** Throws CredentialRefusedError unless `url` is a destination `credential` may be sent to. */
export function assertDestinationAdmitted(credential: Credential, url: URL): void {
  if (!hostAdmitted(credential.hosts, url.hostname)) throw new CredentialRefusedError(credential, "host_not_admitted", url);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    throw new CredentialRefusedError(credential, "insecure_scheme", url);
  }
}

/**
 * `request` with `credential` placed: its header (replacing any header of that name, whatever
 * its case), its query parameter (replacing any of that name, other parameters untouched), or
 * `Authorization: Basic …` / `Authorization: Bearer …`. `secret` is the header or query value,
 * the Basic password, or, for OAuth2, the access token (from the token manager). Throws
 * CredentialRefusedError when the request's host is not admitted, the scheme is plain http, or
 * a header value could not travel (a line break would inject a header).
 */
export function placeCredential<R extends PlaceableRequest>(credential: Credential, secret: string, request: R): Placement<R> {
  assertDestinationAdmitted(credential, request.url);
  const { name, value, plaintexts } = wireForm(credential, secret);
  if (credential.kind !== "query" && !isHeaderSafe(value)) throw new CredentialRefusedError(credential, "unsendable_value", request.url);
  return {
    request: credential.kind === "query" ? withQueryParameter(request, name, value) : withHeader(request, name, value),
    plaintexts,
    secretHeaderNames: credential.kind === "query" ? [] : [name.toLowerCase()],
  };
}

/**
 * For dry runs: `request` with a mask where the credential would go (`Authorization: ••••`,
 * `?api_key=••••`) and that placement as one line of text. Needs no secret and fetches no token;
 * refuses a destination exactly as {@link placeCredential} would, so a dry run shows the refusal.
 */
export function previewPlacement<R extends PlaceableRequest>(credential: Credential, request: R): { readonly request: R; readonly text: string } {
  assertDestinationAdmitted(credential, request.url);
  const { name } = placementTarget(credential);
  if (credential.kind === "query") return { request: withQueryParameter(request, name, MASK_PREFIX), text: `?${name}=${MASK_PREFIX}` };
  return { request: withHeader(request, name, MASK_PREFIX), text: `${name}: ${MASK_PREFIX}` };
}

/** Where a credential goes: the header or query parameter it sets (Basic and OAuth2 set Authorization). */
export function placementTarget(credential: Credential): { readonly location: "header" | "query"; readonly name: string } {
  switch (credential.kind) {
    case "header":
      return { location: "header", name: credential.headerName };
    case "query":
      return { location: "query", name: credential.parameterName };
    default:
      return { location: "header", name: "Authorization" };
  }
}

function wireForm(credential: Credential, secret: string): { name: string; value: string; plaintexts: string[] } {
  const { name } = placementTarget(credential);
  switch (credential.kind) {
    case "basic": {
      const pair = `${credential.username}:${secret}`;
      const encoded = Buffer.from(pair, "utf8").toString("base64");
      // base64 of the pair does not contain the password's own base64 form, so the pair and its
      // encoding are redacted as secrets in their own right.
      return { name, value: `Basic ${encoded}`, plaintexts: [secret, pair, encoded] };
    }
    case "oauth2_client_credentials":
      return { name, value: `Bearer ${secret}`, plaintexts: [secret] };
    default:
      return { name, value: secret, plaintexts: [secret] };
  }
}

function withHeader<R extends PlaceableRequest>(request: R, name: string, value: string): R {
  const lower = name.toLowerCase();
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([key]) => key.toLowerCase() !== lower));
  headers[name] = value;
  return { ...request, headers };
}

/** Appends `name=value`, dropping the parameter's earlier occurrences; the other pairs keep their exact bytes. */
function withQueryParameter<R extends PlaceableRequest>(request: R, name: string, value: string): R {
  const url = new URL(request.url);
  const kept = url.search
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && queryPairName(pair) !== name);
  kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  url.search = `?${kept.join("&")}`;
  return { ...request, url };
}

/** The decoded name of one `name=value` pair of a query string (its raw text when it does not decode). */
export function queryPairName(pair: string): string {
  const raw = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
}
