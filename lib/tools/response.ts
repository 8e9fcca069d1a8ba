/**
 * ToolResponse (SPEC §2.2): what every tool call returns, data-defined or code. A failure is a
 * value with a typed `errorType`, never a thrown exception, so a model can react to it.
 */
import { isNetworkFailure, networkFailureMessage } from "./network-failure";

export const TOOL_ERROR_TYPES = [
  "validation_error",
  "timeout_error",
  "execution_error",
  "http_error",
  "blocked_destination",
  "unhandled_error",
] as const;

export type ToolErrorType = (typeof TOOL_ERROR_TYPES)[number];

/** What a halting response publishes (SPEC §1.6): the tool's payload and the say text, if any. */
export interface HaltOutcome {
  readonly payload: unknown;
  /** Text the customer sees when the model wrote nothing first; null publishes nothing. */
  readonly say: string | null;
}

/** Metadata of an HTTP execution: enough for the playground and logs, with secrets masked. */
export interface ExecutionMetadata {
  readonly status?: number;
  readonly durationMs?: number;
  readonly request?: RequestPreview;
  /** The upstream body as received (truncated to the configured cap), secrets masked. For operators, not models. */
  readonly responseBody?: string;
  /** The final response's headers (repeated ones joined with ", "), secrets masked. For operators, not models. */
  readonly responseHeaders?: Readonly<Record<string, string>>;
}

/** The request as sent (or as it would be sent, for a dry run), secret header values masked. */
export interface RequestPreview {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

export type ToolResponse =
  | {
      readonly ok: true;
      readonly kind: "text" | "json";
      /** The result handed to the model: a string for text, any JSON value for json. */
      readonly content: unknown;
      readonly halt: HaltOutcome | null;
      readonly metadata: ExecutionMetadata;
    }
  | {
      readonly ok: false;
      readonly errorType: ToolErrorType;
      readonly message: string;
      /** For http_error: the upstream status and a truncated body excerpt. */
      readonly details?: Readonly<Record<string, unknown>>;
      /** Kept for logs, never serialised to a model or a browser. */
      readonly cause?: unknown;
      readonly metadata: ExecutionMetadata;
    };

const RESPONSE_BRAND = Symbol.for("quiver.tool-response");

function brand<T extends object>(value: T): T {
  Object.defineProperty(value, RESPONSE_BRAND, { value: true, enumerable: false });
  return Object.freeze(value);
}

/** A plain-text result. */
export function text(content: string, metadata: ExecutionMetadata = {}): ToolResponse {
  return brand({ ok: true as const, kind: "text" as const, content, halt: null, metadata });
}

/** A JSON result (any JSON-serialisable value). */
export function json(content: unknown, metadata: ExecutionMetadata = {}): ToolResponse {
  return brand({ ok: true as const, kind: "json" as const, content, halt: null, metadata });
}

/** A typed failure. `cause` is kept for logs only. */
export function error(
  message: string,
  errorType: ToolErrorType = "execution_error",
  extra: { details?: Record<string, unknown>; cause?: unknown; metadata?: ExecutionMetadata } = {},
): ToolResponse {
  return brand({
    ok: false as const,
    errorType,
    message,
    ...(extra.details ? { details: extra.details } : {}),
    ...(extra.cause !== undefined ? { cause: extra.cause } : {}),
    metadata: extra.metadata ?? {},
  });
}

/** Returns a copy of a successful response that ends the turn (SPEC §1.6). */
export function withHalt(response: ToolResponse, halt: HaltOutcome): ToolResponse {
  if (!response.ok) return response;
  return brand({ ...response, halt });
}

/** Returns a copy with metadata merged in. */
export function withMetadata(response: ToolResponse, metadata: ExecutionMetadata): ToolResponse {
  return brand({ ...response, metadata: { ...response.metadata, ...metadata } });
}

/** True only for values built by the helpers above: a tool returning anything else is a bug. */
export function isToolResponse(value: unknown): value is ToolResponse {
  return typeof value === "object" && value !== null && RESPONSE_BRAND in value;
}

/** The metadata an agent may see: how the call went, not what was sent or received. */
/** What an agent learns of a call's execution: the upstream status and the time it took. */
export type AgentMetadata = Pick<ExecutionMetadata, "status" | "durationMs">;

/** A ToolResponse as an agent receives it ({@link toolResponseToJSON}). */
export type AgentToolResult =
  | { readonly ok: true; readonly kind: "text" | "json"; readonly content: unknown; readonly halt: HaltOutcome | null; readonly metadata: AgentMetadata }
  | {
      readonly ok: false;
      readonly error_type: ToolErrorType;
      readonly message: string;
      readonly details?: Readonly<Record<string, unknown>>;
      readonly metadata: AgentMetadata;
    };

function agentMetadata({ status, durationMs }: ExecutionMetadata): AgentMetadata {
  // Set one by one rather than spread from conditional objects: this runs once for every agent call.
  const metadata: { status?: number; durationMs?: number } = {};
  if (status !== undefined) metadata.status = status;
  if (durationMs !== undefined) metadata.durationMs = durationMs;
  return metadata;
}

/**
 * The JSON shape handed to an agent (the model's view of a call). It never carries `cause`, and of
 * the metadata only `status` and `durationMs`: the request preview and the upstream body are for
 * operators, who read the ToolResponse itself. A `blocked_destination` message names hosts and
 * what they resolved to (internal DNS), and a failed connection's names the address and port, so
 * an agent gets a fixed sentence instead — for a failed connection with its stable code.
 */
export function toolResponseToJSON(response: ToolResponse): AgentToolResult {
  const metadata = agentMetadata(response.metadata);
  if (response.ok) {
    return { ok: true, kind: response.kind, content: response.content, halt: response.halt, metadata };
  }
  const networkFailure = response.details?.network_failure;
  if (isNetworkFailure(networkFailure)) {
    return { ok: false, error_type: response.errorType, message: networkFailureMessage(networkFailure), details: { network_failure: networkFailure }, metadata };
  }
  return {
    ok: false,
    error_type: response.errorType,
    message: response.errorType === "blocked_destination"
      ? "The tool's destination is not reachable: the operator's network policy blocks it. The operator's run log has the details."
      : response.message,
    ...(response.details ? { details: response.details } : {}),
    metadata,
  };
}
