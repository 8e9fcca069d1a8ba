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
 */
import { MASK_PREFIX } from "../../secrets/mask";
import { secretHeaderNamesOf, secretHeaderValues } from "../definition";
import type { TurnContext } from "../placeholders";
import { error, json, text, withHalt, type ExecutionMetadata, type ToolResponse } from "../response";
import type { ToolDefinition } from "../types";
import { describeArgumentIssues, validateArguments } from "./arguments";
import { armDeadline } from "./deadline";
import { findBlockedDestination, guardedAgent } from "./destination-guard";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import {
  injectSecrets,
  previewOf,
  redactCutBody,
  redactJsonValue,
  redactorFor,
  sanitisedCause,
  type InjectedSecrets,
  type SecretSource,
} from "./execution-secrets";
import { extractResult, lazyJson, type Extraction } from "./extract";
import { haltSay, shouldHalt } from "./halt";
import { renderRequest, type RenderedRequest } from "./render-request";
import { AbortSwitch, sendRequest, type ResponseHeaders, type SendOutcome, type WireRequest } from "./send-request";

export interface ExecuteOptions {
  /** Turn-context values for `{{ctx.x}}` placeholders. */
  readonly context?: TurnContext;
  /** Header name → plaintext secret. Called once, when the request is about to be sent; never for a dry run. */
  readonly secrets?: SecretSource;
  readonly config?: ExecutionConfig;
  /** Render and return the request that would be sent, sending nothing. */
  readonly dryRun?: boolean;
  readonly signal?: AbortSignal;
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
  readonly callerSignal: AbortSignal | undefined;
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
  const message = `Request to ${outcome.request.url.host} failed: ${cause.message}`;
  return error(message, "execution_error", { cause, metadata });
}

/** What extraction read from the raw body, redacted; `body` is the raw body already redacted. */
function redactedContent(exchange: Exchange, extraction: Extraction & { ok: true }, raw: string, body: string): unknown {
  // body_raw hands back the body itself: reuse its redaction rather than scanning it twice.
  if (extraction.kind === "text") return extraction.content === raw ? body : exchange.redact(String(extraction.content));
  if (exchange.secrets.plaintexts.length === 0) return extraction.content;
  return redactJsonValue(extraction.content, exchange.redact);
}

/** Response headers fit for an operator: an upstream may echo a secret in any of them. */
function redactedHeaders(exchange: Exchange, headers: ResponseHeaders): Record<string, string> {
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

/** Sends under the timeout (the tool's, else the configured default) and the caller's signal. */
async function send(exchange: Exchange, wire: WireRequest): Promise<ToolResponse> {
  const abort = new AbortSwitch();
  const disarm = armDeadline(exchange.timeoutSeconds * 1000, () => {
    exchange.timedOut = true;
    abort.abort();
  });
  const cancel = () => abort.abort();
  exchange.callerSignal?.addEventListener("abort", cancel, { once: true });
  try {
    const outcome = await sendRequest(wire, {
      dispatcher: guardedAgent(exchange.config.allowlist),
      maxRedirects: exchange.config.maxRedirects,
      maxResponseBytes: exchange.config.maxResponseBytes,
      secretHeaderNames: exchange.secretNames,
      signal: abort,
    });
    return outcomeResponse(exchange, outcome);
  } finally {
    disarm();
    exchange.callerSignal?.removeEventListener("abort", cancel);
  }
}

/**
 * What a dry run shows: the rendered request with each secret header as the bare mask, whatever
 * its value, because previewing must not decrypt anything. Only a secret known to be missing
 * without reading any (no secret source, no value in the definition) is left out, with a warning.
 */
function dryRunResponse(def: ToolDefinition, request: RenderedRequest, hasSecretSource: boolean): ToolResponse {
  const missing = hasSecretSource ? [] : def.secretHeaders.filter((name) => !def.request.headers[name]);
  // The rendered request holds no secret header; an argument could still repeat a stored value.
  const redact = redactorFor(Object.values(secretHeaderValues(def)).filter((value) => value !== ""));
  const preview = previewOf(request, secretHeaderNamesOf(def), redact);
  const masks = def.secretHeaders.filter((name) => !missing.includes(name)).map((name) => [name, MASK_PREFIX] as const);
  const shown = { ...preview, headers: { ...preview.headers, ...Object.fromEntries(masks) } };
  const warnings = missing.map((name) => `Secret header ${name} has no value; a real call would fail.`);
  return json({ dry_run: true, request: shown, ...(warnings.length > 0 ? { warnings } : {}) }, { request: shown });
}

async function execute(def: ToolDefinition, args: unknown, options: ExecuteOptions, started: number): Promise<ToolResponse> {
  const config = options.config ?? DEFAULT_EXECUTION_CONFIG;
  const issues = validateArguments(def.parameters, args);
  if (issues.length > 0) return error(describeArgumentIssues(issues), "validation_error", { details: { issues } });
  const rendered = renderRequest(def, args as Record<string, unknown>, options.context);
  if (!rendered.ok) {
    const message = `Could not render the request: ${rendered.issues.map((i) => `${i.path} ${i.message}`).join("; ")}`;
    return error(message, "validation_error", { details: { issues: rendered.issues } });
  }
  if (options.dryRun) return dryRunResponse(def, rendered.request, options.secrets !== undefined);

  let secrets: InjectedSecrets;
  try {
    secrets = await injectSecrets(def, options.secrets);
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
    def.secretHeaders.length === 0 ? request : { ...request, headers: { ...request.headers, ...secrets.headers } };

  if (secrets.missing.length > 0 || secrets.unsendable.length > 0) {
    const names = [...secrets.missing, ...secrets.unsendable].join(", ");
    const message = `Secret header ${names} has no value that can be sent; set it in the tool's secrets`;
    return error(message, "execution_error", { metadata: { request: previewOf(wire, exchange.secretNames, exchange.redact) } });
  }
  if (options.signal?.aborted) return error("Tool execution was cancelled", "execution_error", { metadata: metadataOf(exchange, wire) });
  return send(exchange, wire);
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
