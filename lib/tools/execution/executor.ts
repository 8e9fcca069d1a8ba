/**
 * Executing a data-defined tool (SPEC §1.5): validate the arguments, render the request, inject
 * secrets at the last moment, send it through the destination guard under the timeout and the
 * body cap, extract the result and decide a halt. Every operational failure comes back as a typed
 * error ToolResponse; nothing here throws for a bad upstream or bad arguments.
 *
 * Secrets: their plaintext exists only in the request on the wire. Everything returned — content,
 * halt payload and say, messages, details, metadata and `cause` — is redacted with the secret
 * values, and the request preview shows each secret header as its mask. Extraction and the halt
 * decision read the body as received and their results are redacted afterwards: redacting first
 * would let a secret that is also a common word (`status`) rewrite the JSON they read. A dry run
 * reads no secret at all.
 *
 * A tool declaring `auth` (SPEC §5.1) sends only through the caller's credential step
 * (credential-step.ts): without one it sends nothing.
 */
import { networkFailureOf } from "../network-failure";
import { secretHeaderNamesOf } from "../definition";
import { slotLabel } from "../../secrets";
import type { TurnContext } from "../placeholders";
import { error, json, text, withHalt, type ExecutionMetadata, type ToolResponse } from "../response";
import type { ToolDefinition } from "../types";
import { describeArgumentIssues, validateArguments } from "./arguments";
import { AuthorizationError, type AuthorizedCall, type Authorize, type PreviewAuthorization } from "./credential-step";
import { armDeadline } from "./deadline";
import { dryRunResponse } from "./dry-run";
import { findBlockedDestination, guardedAgent } from "./destination-guard";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import {
  injectSecrets,
  previewOf,
  withSecretQuery,
  redactCutBody,
  redactJsonValue,
  redactorFor,
  sanitisedCause,
  type InjectedSecrets,
  type SecretSource,
} from "./execution-secrets";
import { extractResult, lazyJson, type Extraction } from "./extract";
import { haltSay, shouldHalt } from "./halt";
import { renderRequest } from "./render-request";
import { AbortSwitch, type CancelSignal } from "../abort-switch";
import { sendRequest, withExtraHeaders, type ResponseHeaders, type SendOutcome, type WireRequest } from "./send-request";
import { observedExchange } from "./upstream-observation";
import { traced } from "../../observability/tracing";

export interface ExecuteOptions {
  /** Turn-context values for `{{ctx.x}}` placeholders. */
  readonly context?: TurnContext;
  /** Secret slot (header name, or `?key`) → plaintext secret. Called once, when the request is about to be sent; never for a dry run. */
  readonly secrets?: SecretSource;
  readonly config?: ExecutionConfig;
  /**
   * The credential step for a tool declaring `auth` (SPEC §5.1), built by the caller from
   * lib/credentials. Without it such a tool sends nothing. Never called for a dry run.
   */
  readonly authorize?: Authorize;
  /** For a dry run of a tool declaring `auth`: where its credential goes, masked. Without it the dry run warns. */
  readonly previewAuthorization?: PreviewAuthorization;
  /** Render and return the request that would be sent, sending nothing. */
  readonly dryRun?: boolean;
  /** The caller giving up: aborts the upstream request. */
  readonly signal?: CancelSignal;
}

/** Characters of an upstream error body handed back with an `http_error`. */
export const BODY_EXCERPT_CHARS = 1000;

/** One call in flight: what turning its outcome into a response needs to know. */
interface Exchange {
  readonly def: ToolDefinition;
  readonly config: ExecutionConfig;
  readonly started: number;
  readonly timeoutSeconds: number;
  timedOut: boolean;
  readonly callerSignal: CancelSignal | undefined;
  readonly secrets: InjectedSecrets;
  readonly secretNames: ReadonlySet<string>;
  readonly redact: (text: string) => string;
}

function metadataOf(exchange: Exchange, request: WireRequest, extra: ExecutionMetadata = {}): ExecutionMetadata {
  return {
    durationMs: Math.round((performance.now() - exchange.started) * 100) / 100,
    request: previewOf(request, exchange.secretNames, exchange.redact),
    ...extra,
  };
}

function failureResponse(exchange: Exchange, outcome: SendOutcome & { kind: "failed" }): ToolResponse {
  const metadata = metadataOf(exchange, outcome.request);
  const cause = sanitisedCause(outcome.error, exchange.redact);
  const blocked = findBlockedDestination(outcome.error);
  if (blocked) return error(blocked.message, "blocked_destination", { cause, metadata });
  if (exchange.timedOut) {
    const message = `Tool execution timed out after ${exchange.timeoutSeconds} seconds`;
    return error(message, "timeout_error", { cause, metadata });
  }
  if (exchange.callerSignal?.aborted) return error("Tool execution was cancelled", "execution_error", { cause, metadata });
  // The operator's message names the host and the socket error; the agent's says the failure in words (response.ts).
  const message = `Request to ${outcome.request.url.host} failed: ${cause.message}`;
  return error(message, "execution_error", { cause, metadata, details: { network_failure: networkFailureOf(outcome.error) } });
}

/** What extraction read from the raw body, redacted; `body` is the raw body already redacted. */
function redactedContent(exchange: Exchange, extraction: Extraction & { ok: true }, raw: string, body: string): unknown {
  // body_raw hands back the body itself: reuse its redaction rather than scanning it twice.
  if (extraction.kind === "text") return extraction.content === raw ? body : exchange.redact(String(extraction.content));
  if (exchange.secrets.plaintexts.length === 0) return extraction.content;
  return redactJsonValue(extraction.content, exchange.redact);
}

/** Response headers fit for an operator: an upstream may echo a secret in any of them (with no secret read, they are as received). */
function redactedHeaders(exchange: Exchange, headers: ResponseHeaders): ResponseHeaders {
  if (exchange.secrets.plaintexts.length === 0) return headers;
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [exchange.redact(name), exchange.redact(value)]));
}

function receivedResponse(exchange: Exchange, outcome: SendOutcome & { kind: "received" }): ToolResponse {
  const { def, redact } = exchange;
  const { request, status, body: raw } = outcome;
  const body = redact(raw);
  const metadata = metadataOf(exchange, request, { status, responseHeaders: redactedHeaders(exchange, outcome.headers), responseBody: body });
  if ((status < 200 || status > 299) && def.response.extract !== "status") {
    const details = { status, body_excerpt: body.length > BODY_EXCERPT_CHARS ? `${body.slice(0, BODY_EXCERPT_CHARS)}…` : body };
    return error(`Upstream responded with HTTP ${status}`, "http_error", { details, metadata });
  }
  const parsed = lazyJson(raw);
  const extraction = extractResult(def, { status, body: raw, retrievedAt: new Date(), json: parsed });
  if (!extraction.ok) return error(redact(extraction.message), "execution_error", { metadata });
  const content = redactedContent(exchange, extraction, raw, body);
  const response = extraction.kind === "text" ? text(content as string, metadata) : json(content, metadata);
  if (!def.haltWhen || !shouldHalt(def.haltWhen, parsed())) return response;
  const say = haltSay(def.haltWhen.say, parsed());
  return withHalt(response, { payload: content, say: say === null ? null : redact(say) });
}

function outcomeResponse(exchange: Exchange, outcome: SendOutcome): ToolResponse {
  switch (outcome.kind) {
    case "received":
      return receivedResponse(exchange, outcome);
    case "failed":
      return failureResponse(exchange, outcome);
    case "too_large": {
      const responseBody = redactCutBody(outcome.partialBody, exchange.secrets.plaintexts, exchange.redact);
      const responseHeaders = redactedHeaders(exchange, outcome.headers);
      const metadata = metadataOf(exchange, outcome.request, { status: outcome.status, responseHeaders, responseBody });
      const message = `The response body is larger than the ${exchange.config.maxResponseBytes}-byte limit`;
      return error(message, "execution_error", { metadata });
    }
    case "too_many_redirects": {
      const metadata = metadataOf(exchange, outcome.request, { status: outcome.status });
      const message = `Too many redirects: gave up after following ${exchange.config.maxRedirects}`;
      return error(message, "execution_error", { metadata });
    }
    case "bad_redirect": {
      const metadata = metadataOf(exchange, outcome.request, { status: outcome.status });
      const message = `Redirect refused: "${exchange.redact(outcome.location)}" is not an http or https URL`;
      return error(message, "blocked_destination", { metadata });
    }
  }
}

const isUnauthorized = (outcome: SendOutcome): boolean => outcome.kind === "received" && outcome.status === 401;

/**
 * One try on the wire. A try that starts after the deadline or a cancel (a token may arrive late)
 * sends nothing: it reads the switch's `aborted` and fails at once (send-request.ts, exchangeOnce).
 */
function sendOnce(exchange: Exchange, wire: WireRequest, abort: AbortSwitch, secretNames: ReadonlySet<string>): Promise<SendOutcome> {
  return observedExchange(exchange.def, wire, (observed) =>
    sendRequest(observed, {
      dispatcher: guardedAgent(exchange.config.allowlist),
      maxRedirects: exchange.config.maxRedirects,
      maxResponseBytes: exchange.config.maxResponseBytes,
      secretHeaderNames: secretNames,
      signal: abort,
    }),
  );
}

/** The credential step threw: a refusal, no credential or secret, or no token (also after a 401 asked for a new one). */
function authorizationFailure(exchange: Exchange, wire: WireRequest, cause: unknown): ToolResponse {
  const metadata = metadataOf(exchange, wire);
  const blocked = findBlockedDestination(cause);
  // The step's own errors name no secret; anything else may quote what it failed on.
  const known = cause instanceof AuthorizationError || blocked !== null;
  const safeCause = sanitisedCause(cause, known ? exchange.redact : () => "[redacted]");
  if (blocked) return error(blocked.message, "blocked_destination", { cause: safeCause, metadata });
  const message =
    cause instanceof AuthorizationError ? cause.message : `Could not send the request with credential "${exchange.def.auth?.credential}"`;
  return error(message, "execution_error", { cause: safeCause, metadata });
}

/**
 * Runs the credential step: it places the credential (fetching a token when it must) and sends
 * through {@link sendOnce}, with its headers dropped on a cross-origin redirect. The step's
 * plaintexts, tokens included, are known only now, so the response is redacted with them.
 */
async function authorizedResponse(exchange: Exchange, wire: WireRequest, authorize: Authorize, abort: AbortSwitch): Promise<ToolResponse> {
  const call = authorize(
    wire,
    (request, names) => sendOnce(exchange, request, abort, names.length === 0 ? exchange.secretNames : new Set([...exchange.secretNames, ...names])),
    isUnauthorized,
  );
  // A token fetch does not see the abort switch: the deadline or a cancel ends the wait instead.
  const ended = new Promise<null>((resolve) => abort.addEventListener("abort", () => resolve(null)));
  let settled: AuthorizedCall<SendOutcome> | null;
  try {
    settled = await Promise.race([call, ended]);
  } catch (cause) {
    return authorizationFailure(exchange, wire, cause);
  }
  if (settled === null) {
    return failureResponse(exchange, { kind: "failed", request: wire, error: new Error("The call ended before its credential was ready") });
  }
  const plaintexts = [...exchange.secrets.plaintexts, ...settled.plaintexts];
  const placed: Exchange = {
    ...exchange,
    secrets: { ...exchange.secrets, plaintexts },
    secretNames: new Set([...exchange.secretNames, ...settled.secretHeaderNames]),
    redact: redactorFor(plaintexts),
  };
  return outcomeResponse(placed, settled.result);
}

/**
 * Sends under the timeout (the tool's, else the configured default) and the caller's signal. With
 * a credential step, the deadline covers all of it: a token fetch and both tries.
 */
async function send(exchange: Exchange, wire: WireRequest, authorize: Authorize | undefined): Promise<ToolResponse> {
  const abort = new AbortSwitch();
  const disarm = armDeadline(exchange.timeoutSeconds * 1000, () => {
    exchange.timedOut = true;
    abort.abort();
  });
  const cancel = () => abort.abort();
  exchange.callerSignal?.addEventListener("abort", cancel);
  try {
    if (authorize !== undefined) return await authorizedResponse(exchange, wire, authorize, abort);
    return outcomeResponse(exchange, await sendOnce(exchange, wire, abort, exchange.secretNames));
  } finally {
    disarm();
    exchange.callerSignal?.removeEventListener("abort", cancel);
  }
}

async function execute(def: ToolDefinition, args: unknown, options: ExecuteOptions, started: number): Promise<ToolResponse> {
  const config = options.config ?? DEFAULT_EXECUTION_CONFIG;
  const issues = traced("validate arguments", {}, () => validateArguments(def.parameters, args));
  if (issues.length > 0) return error(describeArgumentIssues(issues), "validation_error", { details: { issues } });
  const rendered = renderRequest(def, args as Record<string, unknown>, options.context);
  if (!rendered.ok) {
    const message = `Could not render the request: ${rendered.issues.map((i) => `${i.path} ${i.message}`).join("; ")}`;
    return error(message, "validation_error", { details: { issues: rendered.issues } });
  }
  if (options.dryRun) {
    return dryRunResponse(def, rendered.request, { hasSecretSource: options.secrets !== undefined, previewAuthorization: options.previewAuthorization });
  }

  let secrets: InjectedSecrets;
  try {
    const readSecrets = () => injectSecrets(def, options.secrets);
    const none = def.secretHeaders.length === 0 && def.secretQuery.length === 0;
    secrets = await (none ? readSecrets() : traced("read secrets", {}, readSecrets));
  } catch (cause) {
    // The source's own message may quote what it failed to decrypt: keep only its kind and frames.
    return error("Could not read the tool's secrets", "execution_error", { cause: sanitisedCause(cause, () => "[redacted]") });
  }
  const exchange: Exchange = {
    def,
    config,
    started,
    timeoutSeconds: def.timeout ?? config.defaultTimeoutSeconds,
    timedOut: false,
    callerSignal: options.signal,
    secrets,
    secretNames: secretHeaderNamesOf(def),
    redact: redactorFor(secrets.plaintexts),
  };
  const request = rendered.request;
  const wire: WireRequest =
    def.secretHeaders.length === 0 && def.secretQuery.length === 0
      ? request
      : withExtraHeaders(request, secrets.headers, withSecretQuery(request.url, secrets.query));

  if (secrets.missing.length > 0 || secrets.unsendable.length > 0) {
    const names = [...secrets.missing, ...secrets.unsendable].map(slotLabel).join(", ");
    const message = `Secret ${names} has no value that can be sent; set it in the tool's secrets`;
    return error(message, "execution_error", { metadata: { request: previewOf(wire, exchange.secretNames, exchange.redact) } });
  }
  if (options.signal?.aborted) return error("Tool execution was cancelled", "execution_error", { metadata: metadataOf(exchange, wire) });
  if (def.auth !== null && options.authorize === undefined) {
    const message = `Credential "${def.auth.credential}" is not available for this call; nothing was sent`;
    return error(message, "execution_error", { metadata: metadataOf(exchange, wire) });
  }
  return send(exchange, wire, def.auth === null ? undefined : options.authorize);
}

/**
 * Runs a data-defined tool once (SPEC §1.5). Returns a ToolResponse for every outcome: success
 * (with halt when `halt_when` matches), or `validation_error`, `timeout_error`, `execution_error`,
 * `http_error` (details: status, body_excerpt) or `blocked_destination`. A dry run returns
 * `json({dry_run: true, request, warnings?})` and sends nothing.
 */
export async function executeTool(def: ToolDefinition, args: unknown, options: ExecuteOptions = {}): Promise<ToolResponse> {
  const started = performance.now();
  try {
    return await execute(def, args, options, started);
  } catch (cause) {
    // A bug, not an operational failure: keep the cause for logs, without any secret-bearing detail.
    return error("The tool failed unexpectedly", "unhandled_error", { cause: sanitisedCause(cause, () => "[redacted]") });
  }
}
