/**
 * Turning tracing on (issue 29): the OpenTelemetry SDK for Node with the OTLP/HTTP exporter,
 * configured by the standard `OTEL_*` variables — off unless an exporter endpoint is set. The
 * spans themselves are made through tracing.ts.
 */
import { context, propagation, trace } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, TraceIdRatioBasedSampler, type SpanProcessor } from "@opentelemetry/sdk-trace-node";
import { ValidationError } from "../errors";
import { tracingState } from "./tracing";

type Env = Readonly<Record<string, string | undefined>>;

/** How spans leave the process when tracing is on. */
export interface TracingSettings {
  /** Where OTLP/HTTP traces go (the exporter itself reads the `OTEL_EXPORTER_OTLP_*` variables). */
  readonly endpoint: string;
  /** The share of new traces recorded (a trace an agent started keeps its own decision). */
  readonly sampleRatio: number;
}

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

/**
 * Tracing's settings from the standard OpenTelemetry variables, or null when tracing is off: no
 * endpoint, `OTEL_SDK_DISABLED=true`, or `OTEL_TRACES_EXPORTER=none`. A malformed endpoint or
 * sampler is a ValidationError naming the variable (the server then refuses to start).
 */
export function tracingSettingsFromEnv(env: Env): TracingSettings | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return null;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter === "none") return null;
  const variable = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() ? "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" : "OTEL_EXPORTER_OTLP_ENDPOINT";
  const endpoint = env[variable]?.trim();
  if (!endpoint) return null;
  const issues = [];
  if (!isHttpUrl(endpoint)) issues.push({ path: variable, message: "must be an http:// or https:// URL (OTLP over HTTP), e.g. http://127.0.0.1:4318" });
  if (exporter !== undefined && exporter !== "" && exporter !== "otlp") issues.push({ path: "OTEL_TRACES_EXPORTER", message: 'must be "otlp" or "none"' });
  const sampleRatio = sampleRatioFromEnv(env, issues);
  if (issues.length > 0) throw new ValidationError(issues);
  return { endpoint, sampleRatio };
}

/** `OTEL_TRACES_SAMPLER` (parentbased_always_on by default, or parentbased_traceidratio with `OTEL_TRACES_SAMPLER_ARG`). */
function sampleRatioFromEnv(env: Env, issues: { path: string; message: string }[]): number {
  const sampler = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || "parentbased_always_on";
  if (sampler === "parentbased_always_on") return 1;
  if (sampler !== "parentbased_traceidratio") {
    issues.push({ path: "OTEL_TRACES_SAMPLER", message: 'must be "parentbased_always_on" or "parentbased_traceidratio"' });
    return 1;
  }
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? "1");
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    issues.push({ path: "OTEL_TRACES_SAMPLER_ARG", message: "must be a number from 0 to 1" });
    return 1;
  }
  return ratio;
}

/** The provider recording spans in this process (on `globalThis`, beside the switch). */
const holder = globalThis as typeof globalThis & { quiverTracerProvider?: NodeTracerProvider | null };
/**
 * Makes this process record spans into `processor` (and carry W3C trace context); what
 * {@link startTracing} does with the OTLP exporter, and tests with an in-memory one. Returns the
 * function that turns tracing off again (spans still buffered are sent first).
 */
export function installTracing(processor: SpanProcessor, sampleRatio = 1): () => Promise<void> {
  if (holder.quiverTracerProvider) throw new Error("Tracing is already on in this process.");
  const resource = resourceFromAttributes({ "service.name": "quiver" }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [processor],
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(sampleRatio) }),
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  holder.quiverTracerProvider = provider;
  tracingState.on = true;
  return async () => {
    if (holder.quiverTracerProvider !== provider) return;
    holder.quiverTracerProvider = null;
    tracingState.on = false;
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  };
}

/**
 * Turns tracing on when the environment configures an exporter (see {@link tracingSettingsFromEnv});
 * once per process — the one-port server and Next.js's instrumentation both ask. The exporter
 * reads the `OTEL_EXPORTER_OTLP_*` variables itself (endpoint, headers, timeout). Returns whether
 * tracing is on.
 */
export function startTracing(): boolean {
  if (holder.quiverTracerProvider) return true;
  const settings = tracingSettingsFromEnv(process.env);
  if (settings === null) return false;
  installTracing(new BatchSpanProcessor(new OTLPTraceExporter()), settings.sampleRatio);
  return true;
}

/** Sends the spans still buffered (a stopping server calls it before it exits). */
export async function flushTraces(): Promise<void> {
  await holder.quiverTracerProvider?.forceFlush();
}

