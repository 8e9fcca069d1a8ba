/**
 * Executing a data-defined tool (SPEC §1.5): validate the arguments, render the request, inject
 * secrets at the last moment, send it through the destination guard under the timeout and the
 * body cap, extract the result and decide a halt. Every operational failure comes back as a typed
 * error ToolResponse; nothing here throws for a bad upstream or bad arguments.
 *
 * Secrets: their plaintext exists only in the request on the wire. Everything returned — content,
 * messages, details, metadata and `cause` — is redacted with the secret values first, and the
 * request preview shows each secret header as its mask.
 */
import { describeArgumentIssues, validateArguments } from "./arguments";
import { armDeadline } from "./deadline";
import { findBlockedDestination, guardedAgent } from "./destination-guard";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import {
  injectSecrets,
  previewOf,
  redactCutBody,
  redactorFor,
  sanitisedCause,
  type InjectedSecrets,
  type SecretSource,
} from "./execution-secrets";
import { extractResult, lazyJson } from "./extract";
import { haltSay, shouldHalt } from "./halt";
import type { TurnContext } from "./placeholders";
import { renderRequest } from "./render-request";
import { error, json, text, withHalt, type ExecutionMetadata, type ToolResponse } from "./response";
import { AbortSwitch, sendRequest, type SendOutcome, type WireRequest } from "./send-request";
import type { ToolDefinition } from "./types";

export interface ExecuteOptions {
  /** Turn-context values for `{{ctx.x}}` placeholders. */
  readonly context?: TurnContext;
  /** Header name → plaintext secret. Called once, when the request is about to be sent (or previewed). */
  readonly secrets?: SecretSource;
  readonly config?: ExecutionConfig;
  /** Render and return the request that would be sent, sending nothing. */
  readonly dryRun?: boolean;
  readonly signal?: AbortSignal;
}

/** Characters of an upstream error body handed back with an `http_error`. */
export const BODY_EXCERPT_CHARS = 1000;

const secretNameSets = new WeakMap<ToolDefinition, ReadonlySet<string>>();

/** Lower-cased secret header names of `def`, computed once per definition. */
function secretNamesOf(def: ToolDefinition): ReadonlySet<string> {
  let names = secretNameSets.get(def);
  if (!names) {
    names = new Set(def.secretHeaders.map((name) => name.toLowerCase()));
    secretNameSets.set(def, names);
  }
  return names;
}

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

function receivedResponse(exchange: Exchange, request: WireRequest, status: number, raw: string): ToolResponse {
  const { def } = exchange;
  const body = exchange.redact(raw);
  const metadata = metadataOf(exchange, request, { status, responseBody: body });
  if ((status < 200 || status > 299) && def.response.extract !== "status") {
    const details = { status, body_excerpt: body.length > BODY_EXCERPT_CHARS ? `${body.slice(0, BODY_EXCERPT_CHARS)}…` : body };
    return error(`Upstream responded with HTTP ${status}`, "http_error", { details, metadata });
  }
  const parsed = lazyJson(body);
  const extraction = extractResult(def, { status, body, retrievedAt: new Date(), json: parsed });
  if (!extraction.ok) return error(exchange.redact(extraction.message), "execution_error", { metadata });
  const response = extraction.kind === "text" ? text(String(extraction.content), metadata) : json(extraction.content, metadata);
  if (!def.haltWhen || !shouldHalt(def.haltWhen, parsed())) return response;
  return withHalt(response, { payload: extraction.content, say: haltSay(def.haltWhen.say, parsed()) });
}

function outcomeResponse(exchange: Exchange, outcome: SendOutcome): ToolResponse {
  switch (outcome.kind) {
    case "received":
      return receivedResponse(exchange, outcome.request, outcome.status, outcome.body);
    case "failed":
      return failureResponse(exchange, outcome);
    case "too_large": {
      const responseBody = redactCutBody(outcome.partialBody, exchange.secrets.plaintexts, exchange.redact);
      const metadata = metadataOf(exchange, outcome.request, { status: outcome.status, responseBody });
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

async function execute(def: ToolDefinition, args: unknown, options: ExecuteOptions, started: number): Promise<ToolResponse> {
  const config = options.config ?? DEFAULT_EXECUTION_CONFIG;
  const issues = validateArguments(def.parameters, args);
  if (issues.length > 0) return error(describeArgumentIssues(issues), "validation_error", { details: { issues } });
  const rendered = renderRequest(def, args as Record<string, unknown>, options.context);
  if (!rendered.ok) {
    const message = `Could not render the request: ${rendered.issues.map((i) => `${i.path} ${i.message}`).join("; ")}`;
    return error(message, "validation_error", { details: { issues: rendered.issues } });
  }

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
    secretNames: secretNamesOf(def),
    redact: redactorFor(secrets.plaintexts),
  };
  const request = rendered.request;
  const wire: WireRequest =
    def.secretHeaders.length === 0 ? request : { ...request, headers: { ...request.headers, ...secrets.headers } };

  if (options.dryRun) {
    const preview = previewOf(wire, exchange.secretNames, exchange.redact);
    const warnings = secrets.missing.map((name) => `Secret header ${name} has no value; a real call would fail.`);
    return json({ dry_run: true, request: preview, ...(warnings.length > 0 ? { warnings } : {}) }, { request: preview });
  }
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
