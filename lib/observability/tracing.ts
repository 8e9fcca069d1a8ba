/**
 * Traces (issue 29): OpenTelemetry spans for the agents' door, the playground and the tools' calls
 * to their upstreams, exported over OTLP/HTTP — and none at all unless an exporter endpoint is
 * configured (`OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`). With tracing
 * off the helpers here make no span, no context and no header: they run the work and return.
 *
 * What a span may carry is decided here and in its callers, never by an instrumentation library:
 * names (door, persona, key or client, tool, credential, host), methods, statuses, sizes and
 * outcomes. Never an argument, a header, a body, a URL's path or query, an error message (it may
 * quote what it failed on) or a secret.
 *
 * Only the OpenTelemetry API here (it is cheap to load and safe anywhere); turning tracing on is
 * tracing-setup.ts's. The switch lives on `globalThis` (the one-port server loads lib/ twice;
 * see metrics.ts); the API keeps its registered provider there too, so both copies trace alike.
 */
import type { IncomingHttpHeaders } from "node:http";
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Link, type Span, type TextMapGetter } from "@opentelemetry/api";

export { SpanKind };
export type { Span };

/** Set by tracing-setup.ts while a tracer provider records spans in this process. */
export const tracingState = (() => {
  const shared = globalThis as typeof globalThis & { quiverTracing?: { on: boolean } };
  shared.quiverTracing ??= { on: false };
  return shared.quiverTracing;
})();

/** Whether spans are being recorded in this process. */
export function tracingEnabled(): boolean {
  return tracingState.on;
}

export interface SpanOptions {
  readonly kind?: SpanKind;
  readonly attributes?: Attributes;
  /** The span's parent; the active span's context by default. */
  readonly parent?: Context;
  readonly links?: readonly Link[];
}

/**
 * Runs `work` inside a new active span named `name` (or simply runs it, with null, when tracing
 * is off). A thrown error ends the span with status ERROR and `error.type` its class name — never
 * its message. Works for synchronous and asynchronous work alike.
 */
export function traced<T>(name: string, options: SpanOptions, work: (span: Span | null) => T): T {
  if (!tracingState.on) return work(null);
  const tracer = trace.getTracer("quiver");
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links ? [...options.links] : undefined }, parent);
  const failed = (error: unknown) => {
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute("error.type", error instanceof Error ? error.name : typeof error);
    span.end();
  };
  let result: T;
  try {
    result = context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    failed(error);
    throw error;
  }
  if (result instanceof Promise) {
    return result.then(
      (value: unknown) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        failed(error);
        throw error;
      },
    ) as T;
  }
  span.end();
  return result;
}

/** Adds `attributes` to the active span (nothing when tracing is off or no span is active). */
export function annotateSpan(attributes: Attributes): void {
  if (!tracingState.on) return;
  trace.getActiveSpan()?.setAttributes(attributes);
}

/** Marks `span` failed with a kind of failure (`timeout_error`, `500`, …), never a message. */
export function markSpanFailed(span: Span | null, errorType: string): void {
  if (span === null) return;
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute("error.type", errorType);
}

const headersGetter: TextMapGetter<Headers> = {
  keys: (carrier) => [...carrier.keys()],
  get: (carrier, key) => carrier.get(key) ?? undefined,
};

const nodeHeadersGetter: TextMapGetter<IncomingHttpHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => carrier[key],
};

const recordGetter: TextMapGetter<Readonly<Record<string, unknown>>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => (typeof carrier[key] === "string" ? carrier[key] : undefined),
};

/** A request's headers as either of the door's hosts has them: a Web `Headers`, or node:http's record of lower-cased names. */
export type RequestHeaders = Headers | IncomingHttpHeaders;

/** The W3C trace context an incoming request carries in its headers (`traceparent`, `tracestate`); the root context when none. */
export function contextFromHeaders(headers: RequestHeaders): Context {
  if (!tracingState.on) return ROOT_CONTEXT;
  return headers instanceof Headers
    ? propagation.extract(ROOT_CONTEXT, headers, headersGetter)
    : propagation.extract(ROOT_CONTEXT, headers, nodeHeadersGetter);
}

/**
 * The trace context an MCP request carries in its `_meta` (SEP-414: `traceparent`, `tracestate`),
 * or null when it carries none (or tracing is off).
 */
export function contextFromMeta(meta: Readonly<Record<string, unknown>> | undefined): Context | null {
  if (!tracingState.on || meta === undefined || typeof meta.traceparent !== "string") return null;
  const extracted = propagation.extract(ROOT_CONTEXT, meta, recordGetter);
  return trace.getSpanContext(extracted) === undefined ? null : extracted;
}

/** The link to the active span (for a span whose parent is another trace's), or none. */
export function linksToActiveSpan(): Link[] {
  const active = trace.getActiveSpan()?.spanContext();
  return active === undefined ? [] : [{ context: active }];
}

/** The `traceparent` (and `tracestate`) of the active span, for a request leaving Quiver; empty when tracing is off. */
export function outgoingTraceHeaders(): Record<string, string> {
  if (!tracingState.on) return {};
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}
