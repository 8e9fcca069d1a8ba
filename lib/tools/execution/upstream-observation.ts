/**
 * One exchange with a tool's upstream as operators watch it (issue 29): a client span (`GET`,
 * `POST`, …) with the method, the host and port, the final status and the body's size — never the
 * path, the query, a header or a body, which may carry arguments or secrets — and the exchange's
 * time in `quiver_upstream_request_duration_seconds`. With tracing on, the request carries the
 * span's W3C `traceparent` (and `tracestate`), so the upstream's own spans join the agent's trace,
 * unless the tool says `trace_context: false` or sets such a header itself.
 */
import { observeUpstream } from "../../observability/metrics";
import { markSpanFailed, outgoingTraceHeaders, SpanKind, traced, tracingEnabled, type Span } from "../../observability/tracing";
import { withExtraHeaders, type SendOutcome, type WireRequest } from "./send-request";

const TRACE_HEADERS = ["traceparent", "tracestate"];

/** `wire` with the active span's trace headers, unless it already names one of them. */
function withTraceHeaders(wire: WireRequest): WireRequest {
  const own = Object.keys(wire.headers).some((name) => TRACE_HEADERS.includes(name.toLowerCase()));
  if (own) return wire;
  const headers = outgoingTraceHeaders();
  return Object.keys(headers).length === 0 ? wire : withExtraHeaders(wire, headers);
}

/** The metric's `result`: the status class of an answer, or the kind of failure. */
function resultOf(outcome: SendOutcome): string {
  return outcome.kind === "received" ? `${Math.floor(outcome.status / 100)}xx` : outcome.kind;
}

function describeOnSpan(span: Span, outcome: SendOutcome): void {
  if (outcome.kind === "failed") {
    markSpanFailed(span, "failed");
    return;
  }
  span.setAttribute("http.response.status_code", outcome.status);
  if (outcome.kind === "received") {
    span.setAttribute("http.response.body.size", Buffer.byteLength(outcome.body));
    if (outcome.status >= 400) markSpanFailed(span, String(outcome.status));
  } else {
    markSpanFailed(span, outcome.kind);
  }
}

/** `send(wire)`, its time in the upstream metric and, when `span` is one, its outcome on the span. */
async function timedExchange(toolName: string, send: (wire: WireRequest) => Promise<SendOutcome>, wire: WireRequest, span: Span | null): Promise<SendOutcome> {
  const started = performance.now();
  const outcome = await send(wire);
  observeUpstream(toolName, resultOf(outcome), (performance.now() - started) / 1000);
  if (span !== null) describeOnSpan(span, outcome);
  return outcome;
}

/** Sends `wire` through `send`, observed as the module comment says. */
export function observedExchange(
  tool: { readonly name: string; readonly sendsTraceContext: boolean },
  wire: WireRequest,
  send: (wire: WireRequest) => Promise<SendOutcome>,
): Promise<SendOutcome> {
  // Tracing off (the default): timed only, with no span's attributes to read off the URL on agents' hot path.
  if (!tracingEnabled()) return timedExchange(tool.name, send, wire, null);
  const { url } = wire;
  const attributes = {
    "http.request.method": wire.method,
    "server.address": url.hostname,
    "server.port": Number(url.port) || (url.protocol === "https:" ? 443 : 80),
    "url.scheme": url.protocol.slice(0, -1),
  };
  return traced(wire.method, { kind: SpanKind.CLIENT, attributes }, (span) =>
    timedExchange(tool.name, send, span !== null && tool.sendsTraceContext ? withTraceHeaders(wire) : wire, span),
  );
}
