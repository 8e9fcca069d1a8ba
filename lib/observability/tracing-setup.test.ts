/**
 * When tracing is on, and what a bad OpenTelemetry setting says: the standard `OTEL_*` variables
 * read as a pure function (the server refuses to start on a ValidationError), and the helpers'
 * behaviour with tracing off — no span, no context, no header — and on.
 */
import { trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { recordSpans } from "./test-support/recorded-spans";
import { contextFromHeaders, contextFromMeta, outgoingTraceHeaders, traced, tracingEnabled } from "./tracing";
import { tracingSettingsFromEnv } from "./tracing-setup";

const issuesOf = (env: Record<string, string>) => {
  try {
    tracingSettingsFromEnv(env);
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  return [];
};

describe("tracing settings from the environment", () => {
  it("is off without an endpoint, or when the SDK or the traces exporter is switched off", () => {
    expect(tracingSettingsFromEnv({})).toBeNull();
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "  " })).toBeNull();
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_SDK_DISABLED: "true" })).toBeNull();
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_TRACES_EXPORTER: "none" })).toBeNull();
  });

  it("is on with either endpoint variable, sampling every trace unless told a ratio", () => {
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318" })).toEqual({ endpoint: "http://127.0.0.1:4318", sampleRatio: 1 });
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "https://collector.example/v1/traces", OTEL_TRACES_EXPORTER: "otlp" })).toEqual({
      endpoint: "https://collector.example/v1/traces",
      sampleRatio: 1,
    });
    expect(
      tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.25" }),
    ).toEqual({ endpoint: "http://127.0.0.1:4318", sampleRatio: 0.25 });
  });

  it("names every malformed variable", () => {
    expect(issuesOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "127.0.0.1:4318" })).toEqual([
      { path: "OTEL_EXPORTER_OTLP_ENDPOINT", message: "must be an http:// or https:// URL (OTLP over HTTP), e.g. http://127.0.0.1:4318" },
    ]);
    expect(issuesOf({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "grpc://127.0.0.1:4317" }).map((issue) => issue.path)).toEqual(["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"]);
    expect(
      issuesOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_TRACES_EXPORTER: "zipkin", OTEL_TRACES_SAMPLER: "always_off" }).map((issue) => issue.path),
    ).toEqual(["OTEL_TRACES_EXPORTER", "OTEL_TRACES_SAMPLER"]);
    expect(issuesOf({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318", OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "2" })).toEqual([
      { path: "OTEL_TRACES_SAMPLER_ARG", message: "must be a number from 0 to 1" },
    ]);
  });
});

describe("the span helpers", () => {
  const TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  it("with tracing off make no span, read no context and add no header", async () => {
    expect(tracingEnabled()).toBe(false);
    const seen = await traced("work", {}, async (span) => ({ span, active: trace.getActiveSpan() }));
    expect(seen).toEqual({ span: null, active: undefined });
    expect(trace.getSpanContext(contextFromHeaders(new Headers({ traceparent: TRACEPARENT })))).toBeUndefined();
    expect(contextFromMeta({ traceparent: TRACEPARENT })).toBeNull();
    expect(outgoingTraceHeaders()).toEqual({});
  });

  it("with tracing on nest spans, mark a throw by its class only, and read and write W3C trace context", async () => {
    const recorded = recordSpans();
    try {
      await expect(
        traced("outer", {}, () =>
          traced("inner", {}, async () => {
            throw new TypeError("quotes sk-live-value");
          }),
        ),
      ).rejects.toThrow(TypeError);
      const inner = recorded.one("inner");
      expect(inner.parentSpanContext?.spanId).toBe(recorded.one("outer").spanContext().spanId);
      expect(inner.attributes).toEqual({ "error.type": "TypeError" });
      expect(inner.events).toEqual([]);

      expect(contextFromMeta({})).toBeNull();
      expect(contextFromMeta({ traceparent: "not-a-traceparent" })).toBeNull();
      const parent = contextFromMeta({ traceparent: TRACEPARENT });
      const headers = traced("child", { parent: parent! }, () => outgoingTraceHeaders());
      expect(headers.traceparent).toBe(`00-4bf92f3577b34da6a3ce929d0e0e4736-${recorded.one("child").spanContext().spanId}-01`);
      expect(trace.getSpanContext(contextFromHeaders(new Headers({ traceparent: TRACEPARENT })))?.spanId).toBe("00f067aa0ba902b7");
    } finally {
      await recorded.stop();
    }
    expect(tracingEnabled()).toBe(false);
  });
});
