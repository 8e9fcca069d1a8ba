/**
 * Test support: tracing on, into memory. `recordSpans()` installs a tracer provider whose spans
 * land in an in-memory exporter as each one ends (the SDK's own InMemorySpanExporter), so a test
 * reads the span tree a request made; `stop()` turns tracing off again.
 */
import type { AttributeValue } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-node";
import { installTracing } from "../tracing-setup";

export interface RecordedSpans {
  /** Every span ended since the start (or the last `reset`). */
  spans(): ReadableSpan[];
  /** The one span named `name`; fails the test when there is none or several. */
  one(name: string): ReadableSpan;
  /** The spans whose parent is `span`. */
  childrenOf(span: ReadableSpan): ReadableSpan[];
  reset(): void;
  stop(): Promise<void>;
}

export function recordSpans(): RecordedSpans {
  const exporter = new InMemorySpanExporter();
  const stop = installTracing(new SimpleSpanProcessor(exporter));
  const spans = () => exporter.getFinishedSpans();
  return {
    spans,
    one(name) {
      const found = spans().filter((span) => span.name === name);
      if (found.length !== 1) throw new Error(`Expected one span named "${name}", found ${found.length}: ${spans().map((span) => span.name).join(", ")}`);
      return found[0]!;
    },
    childrenOf: (parent) => spans().filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId),
    reset: () => exporter.reset(),
    stop,
  };
}

/** Every attribute value of every span, and every span name, as text: what a leak check searches. */
export function everythingSpansSay(spans: readonly ReadableSpan[]): string {
  const text = (value: AttributeValue | undefined) => (Array.isArray(value) ? value.join(" ") : String(value));
  return spans.map((span) => [span.name, ...Object.entries(span.attributes).map(([key, value]) => `${key}=${text(value)}`)].join("\n")).join("\n");
}
