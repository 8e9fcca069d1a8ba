/**
 * Plain-language explanations of a failed tool call for the playground (issue 9: "the typed error
 * with a plain-language explanation and what to check"). Pure and browser-safe: it reads only the
 * error type and, for `http_error`, the status class, so it can never echo an upstream's words.
 */
import type { ToolErrorType } from "../tools/client";

export interface ErrorExplanation {
  /** One sentence saying what happened, for someone who did not write the tool. */
  readonly summary: string;
  /** What to look at next, most likely cause first. */
  readonly check: readonly string[];
}

const EXPLANATIONS: Readonly<Record<Exclude<ToolErrorType, "http_error">, ErrorExplanation>> = {
  validation_error: {
    summary: "The arguments do not match the tool's parameters, so nothing was sent.",
    check: [
      "Each field named in the message: a missing required value, a wrong type, or a value outside its allowed range or list.",
      "The tool's parameters schema, if the form itself looks right.",
      "Turn-context fields the request uses ({{ctx.…}}) that were left empty.",
    ],
  },
  timeout_error: {
    summary: "The upstream did not answer before the tool's timeout, so the call was abandoned.",
    check: [
      "Whether the upstream is up and answering quickly (try the curl command).",
      "The tool's timeout: raise it if the API is known to be slow (up to 120 seconds).",
      "Arguments that make the upstream do much more work than usual.",
    ],
  },
  execution_error: {
    summary: "The call could not be completed: the connection failed, the response could not be read, or the result could not be extracted.",
    check: [
      "The message: it names the step that failed (connection, body size, a missing JSON path, a missing secret).",
      "The response body: is it the JSON the extract path expects?",
      "The tool's secret headers: each needs a stored value.",
      "The host name and port in the tool's URL.",
    ],
  },
  blocked_destination: {
    summary: "The destination guard refused the address, so no connection was made.",
    check: [
      "The host in the tool's URL, and any redirect the upstream sent: private, loopback, link-local and cloud-metadata addresses are refused.",
      "If the address is an internal service this installation must reach, an administrator can admit it with QUIVER_DESTINATION_ALLOWLIST.",
    ],
  },
  unhandled_error: {
    summary: "The tool failed in an unexpected way: this is a bug, not a problem with the arguments.",
    check: [
      "The server log around the time of the run: the cause is recorded there, not shown here.",
      "For a code tool, its implementation; for a data tool, report it with the run's time.",
    ],
  },
};

const HTTP_EXPLANATIONS = {
  unauthorized: {
    summary: "The upstream refused the call because it was not authenticated (HTTP 401).",
    check: [
      "The tool's secret headers: the stored value may be missing, expired or revoked.",
      "The header's format the API expects, e.g. \"Bearer <token>\" rather than the bare token.",
    ],
  },
  forbidden: {
    summary: "The upstream understood who was calling but refused the request (HTTP 403).",
    check: [
      "The permissions or scopes of the credential stored in the tool's secret headers.",
      "Whether the credential may access this resource or tenant (the arguments and turn context).",
    ],
  },
  notFound: {
    summary: "The upstream has nothing at that address (HTTP 404).",
    check: [
      "The identifiers in the arguments: does the record exist?",
      "The path in the tool's URL and how placeholders fill it (see the request).",
    ],
  },
  tooManyRequests: {
    summary: "The upstream is rate-limiting these calls (HTTP 429).",
    check: [
      "The response headers (Retry-After, X-RateLimit-*) for when to try again.",
      "The API plan's limits, and other callers sharing the same credential.",
    ],
  },
  serverError: {
    summary: "The upstream failed while handling the request (HTTP 5xx): the problem is on its side.",
    check: [
      "The response body for the upstream's own error message.",
      "The upstream's status page, then try again later.",
      "A request body or argument the upstream cannot handle.",
    ],
  },
  otherClientError: {
    summary: "The upstream rejected the request as malformed or not acceptable (HTTP 4xx).",
    check: [
      "The response body: most APIs say which field they rejected.",
      "The request the tool rendered: method, query, headers and body against the API's documentation.",
    ],
  },
  other: {
    summary: "The upstream answered with a status the tool does not treat as success.",
    check: [
      "The status and the response body.",
      "Whether the tool should extract the status itself (extract: status) instead of failing.",
    ],
  },
} satisfies Record<string, ErrorExplanation>;

function httpExplanation(status: number | null): ErrorExplanation {
  if (status === 401) return HTTP_EXPLANATIONS.unauthorized;
  if (status === 403) return HTTP_EXPLANATIONS.forbidden;
  if (status === 404) return HTTP_EXPLANATIONS.notFound;
  if (status === 429) return HTTP_EXPLANATIONS.tooManyRequests;
  if (status !== null && status >= 500 && status <= 599) return HTTP_EXPLANATIONS.serverError;
  if (status !== null && status >= 400 && status <= 499) return HTTP_EXPLANATIONS.otherClientError;
  return HTTP_EXPLANATIONS.other;
}

/** What `errorType` means and what to check; `status` refines an `http_error` (401, 403, 404, 429, 5xx). */
export function explainToolError(errorType: ToolErrorType, status: number | null = null): ErrorExplanation {
  return errorType === "http_error" ? httpExplanation(status) : EXPLANATIONS[errorType];
}
