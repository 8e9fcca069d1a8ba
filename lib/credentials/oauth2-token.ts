/**
 * One OAuth2 client-credentials token request (RFC 6749 §4.4): a form-encoded POST with
 * `grant_type=client_credentials`, the scopes and audience, and the client authenticated with
 * HTTP Basic (§2.3.1, each part form-encoded first) or, when configured, with `client_id` and
 * `client_secret` in the body. Failures are TokenRequestErrors whose messages never hold the
 * client secret or a token: an endpoint's own `error_description` is redacted and shortened first.
 */
import { createRedactor } from "../secrets";
import { tokenUrlProblem } from "./token-url";
import type { TokenHttpRequest, TokenTransport } from "./token-transport";
import type { OAuth2ClientCredentials } from "./types";

export interface TokenResponse {
  readonly accessToken: string;
  /** Seconds the token lives, as the endpoint said; null when it did not say. */
  readonly expiresIn: number | null;
  /** The scopes granted, when the endpoint names them (RFC 6749 §5.1: only when they differ from the request). */
  readonly scopes: readonly string[] | null;
}

export type TokenFailure = "unreachable" | "refused" | "invalid_response";

/** A token request that failed. `cause` (unreachable only) is the transport's error, e.g. the destination guard's refusal. */
export class TokenRequestError extends Error {
  readonly code = "token_request_failed" as const;

  constructor(
    readonly reason: TokenFailure,
    message: string,
    /** The endpoint's HTTP status, when it answered. */
    readonly status: number | null = null,
    /** The endpoint's `error` code (`invalid_client`, …), when it gave a well-formed one. */
    readonly oauthError: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "TokenRequestError";
  }
}

/** Lifetimes past a day are cut to one: a token is refreshed at least daily whatever the endpoint claims. */
const MAX_EXPIRES_IN = 86_400;
const MAX_DESCRIPTION_LENGTH = 200;
/** RFC 6749 §5.2: `error` is printable ASCII without `"` or `\`; a short code in practice. */
const ERROR_CODE = /^[\x20\x21\x23-\x5b\x5d-\x7e]{1,64}$/;
/** RFC 6749 A.12 (VSCHAR): an access token is printable ASCII, which also makes it a valid header value. */
const ACCESS_TOKEN = /^[\x20-\x7e]+$/;

/** `text` encoded as application/x-www-form-urlencoded (space as `+`), as §2.3.1 asks for Basic's parts. */
function formEncode(text: string): string {
  return new URLSearchParams([["", text]]).toString().slice(1);
}

/** The HTTP request that asks for a token. Exposed for tests and for the dashboard's "Test" action. */
export function tokenRequest(credential: OAuth2ClientCredentials, clientSecret: string): TokenHttpRequest {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (credential.scopes.length > 0) form.set("scope", credential.scopes.join(" "));
  if (credential.audience !== null) form.set("audience", credential.audience);
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (credential.clientAuthentication === "body") {
    form.set("client_id", credential.clientId);
    form.set("client_secret", clientSecret);
  } else {
    const pair = `${formEncode(credential.clientId)}:${formEncode(clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(pair, "utf8").toString("base64")}`;
  }
  return { url: new URL(credential.tokenUrl), headers, body: form.toString() };
}

/**
 * Asks `credential`'s token endpoint for an access token through `transport`. Throws a
 * TokenRequestError (never holding the client secret) when the endpoint cannot be reached,
 * refuses, or answers something that is not a bearer token.
 */
export async function requestAccessToken(
  credential: OAuth2ClientCredentials,
  clientSecret: string,
  transport: TokenTransport,
): Promise<TokenResponse> {
  // Parsing already checked the URL; checking again keeps a secret off a URL edited elsewhere.
  const urlProblem = tokenUrlProblem(credential.tokenUrl);
  if (urlProblem) throw new TokenRequestError("refused", `The token URL ${urlProblem}.`);
  const request = tokenRequest(credential, clientSecret);
  const where = `${request.url.origin}${request.url.pathname}`;
  let response;
  try {
    response = await transport(request);
  } catch (error) {
    throw new TokenRequestError("unreachable", `Could not reach the token endpoint ${where}.`, null, null, { cause: error });
  }
  const redact = createRedactor([clientSecret, request.headers.authorization ?? ""]).redact;
  const body = parseJsonObject(response.body);
  if (response.status !== 200) {
    const code = typeof body?.error === "string" && ERROR_CODE.test(body.error) ? redact(body.error) : null;
    const description = typeof body?.error_description === "string" ? shortened(redact(body.error_description)) : "";
    const said = [code, description].filter(Boolean).join(": ");
    throw new TokenRequestError("refused", `The token endpoint ${where} answered ${response.status}${said ? ` (${said})` : ""}.`, response.status, code);
  }
  return tokenFrom(body, where, response.status);
}

function tokenFrom(body: Record<string, unknown> | null, where: string, status: number): TokenResponse {
  const invalid = (why: string) => new TokenRequestError("invalid_response", `The token endpoint ${where} ${why}.`, status);
  if (body === null) throw invalid("did not answer with a JSON object");
  const { access_token: token, token_type: type, expires_in: expiresIn, scope } = body;
  if (typeof token !== "string" || token === "") throw invalid("sent no access_token");
  if (!ACCESS_TOKEN.test(token)) throw invalid("sent an access_token that cannot travel in a header");
  // token_type is required by §5.1, but some endpoints omit it; only a bearer token can be placed.
  if (type !== undefined && (typeof type !== "string" || type.toLowerCase() !== "bearer")) {
    throw invalid(`sent a token of type ${typeof type === "string" ? JSON.stringify(shortened(type)) : "unknown"}, not a bearer token`);
  }
  return { accessToken: token, expiresIn: lifetimeOf(expiresIn), scopes: typeof scope === "string" ? scope.split(" ").filter(Boolean) : null };
}

/** Seconds from `expires_in` (a number, or a numeric string as some endpoints send), bounded; null when absent or unusable. */
function lifetimeOf(value: unknown): number | null {
  const seconds = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.min(seconds, MAX_EXPIRES_IN);
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function shortened(text: string): string {
  // Control characters would let an endpoint forge lines in a log.
  const clean = text.replace(/[\x00-\x1f\x7f]/g, " ");
  return clean.length > MAX_DESCRIPTION_LENGTH ? `${clean.slice(0, MAX_DESCRIPTION_LENGTH)}…` : clean;
}
