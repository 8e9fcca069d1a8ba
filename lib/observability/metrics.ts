/**
 * Prometheus metrics (issue 29), on `prom-client`: what the door served, what the tools' upstreams
 * answered and how long they took, what the limiter refused, how the call log and the snapshot are
 * doing, and how sign-ins fail. Scraped at `/api/v1/metrics` (metrics-endpoint.ts).
 *
 * Labels are bounded: door, HTTP status, outcome and error type come from fixed sets; persona and
 * tool are names the operator created (only ever those of an admitted key's persona and of a tool
 * that ran, never a name an agent typed). No free text, no argument, no secret is ever a label.
 *
 * The registry lives on `globalThis`, as the database client does (lib/db/client.ts): the
 * one-port server loads lib/ twice — once itself, once inside Next.js's bundles — and both copies
 * must count into the same metrics (sign-ins happen in Next.js, agents' calls in the door).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** Which door a request came through: the runtime API, an MCP endpoint, or the rest of `/api/v1`. */
export type DoorKind = "api" | "mcp" | "openapi" | "metrics" | "other";

/** How a tool call ended, as the call log says it. */
export type CallOutcome = "success" | "halt" | "error";

/** Seconds; from a loopback upstream's millisecond to a slow API's half minute. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function createMetrics(registry: Registry) {
  const registers = [registry];
  return {
    registry,
    doorRequests: new Counter({
      name: "quiver_door_requests_total",
      help: "Requests to the agents' door (/api/v1), by door and HTTP status.",
      labelNames: ["door", "status"] as const,
      registers,
    }),
    doorDuration: new Histogram({
      name: "quiver_door_request_duration_seconds",
      help: "Time from a request reaching the agents' door to its answer, by door.",
      labelNames: ["door"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    toolCalls: new Counter({
      name: "quiver_tool_calls_total",
      help: "Agent tool calls that ran, by door, persona, tool, outcome and error type (empty unless the outcome is error).",
      labelNames: ["door", "persona", "tool", "outcome", "error_type"] as const,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "quiver_upstream_request_duration_seconds",
      help: "Time of a tool's HTTP exchange with its upstream (redirects included), by tool and result (the status class, or the failure).",
      labelNames: ["tool", "result"] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    rateLimited: new Counter({
      name: "quiver_rate_limit_refusals_total",
      help: "Agent requests refused with 429 because the key's allowance was spent, by the key's persona.",
      labelNames: ["persona"] as const,
      registers,
    }),
    callLogBuffered: new Gauge({
      name: "quiver_call_log_buffered_entries",
      help: "Call-log entries waiting in memory to be written.",
      registers,
    }),
    callLogFlushFailures: new Counter({
      name: "quiver_call_log_flush_failures_total",
      help: "Call-log batches that could not be written (kept and tried again).",
      registers,
    }),
    snapshotRefreshes: new Counter({
      name: "quiver_snapshot_refreshes_total",
      help: "Times the door re-read the tools and personas because the stored state changed.",
      registers,
    }),
    changeEventLag: new Histogram({
      name: "quiver_change_event_lag_seconds",
      help: "Time from a change being written to this instance acting on it, by what carried it: change_event (PostgreSQL's NOTIFY heard) or mcp_listeners (listening MCP clients told tools/list_changed).",
      labelNames: ["via"] as const,
      buckets: [0.001, 0.005, 0.025, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60],
      registers,
    }),
    signInFailures: new Counter({
      name: "quiver_sign_in_failures_total",
      help: "Refused operator sign-ins, by method (password, sso) and reason (wrong_credentials, locked_out, refused).",
      labelNames: ["method", "reason"] as const,
      registers,
    }),
    signInLockouts: new Counter({
      name: "quiver_sign_in_lockouts_total",
      help: "Times repeated failures locked an account or a client address out of password sign-in.",
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

const shared = globalThis as typeof globalThis & { quiverMetrics?: Metrics };

/** The process's metrics (created on first use, with Node's default process metrics). */
function metrics(): Metrics {
  if (!shared.quiverMetrics) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    shared.quiverMetrics = createMetrics(registry);
  }
  return shared.quiverMetrics;
}

/** The Prometheus text exposition of every metric, and its content type. */
export async function renderMetrics(): Promise<{ readonly text: string; readonly contentType: string }> {
  const { registry } = metrics();
  return { text: await registry.metrics(), contentType: registry.contentType };
}

/** One request answered by the door: its status and how long it took. */
export function countDoorRequest(door: DoorKind, status: number, seconds: number): void {
  const { doorRequests, doorDuration } = metrics();
  doorRequests.inc({ door, status: String(status) });
  doorDuration.observe({ door }, seconds);
}

/** One agent tool call that ran. */
export function countToolCall(call: { door: "api" | "mcp"; persona: string; tool: string; outcome: CallOutcome; errorType: string | null }): void {
  metrics().toolCalls.inc({ door: call.door, persona: call.persona, tool: call.tool, outcome: call.outcome, error_type: call.errorType ?? "" });
}

/** One exchange with a tool's upstream; `result` is `2xx`…`5xx` for an answer, or the failure (`failed`, `too_large`, …). */
export function observeUpstream(tool: string, result: string, seconds: number): void {
  metrics().upstreamDuration.observe({ tool, result }, seconds);
}

/** A request refused because its key's allowance is spent. */
export function countRateLimited(persona: string): void {
  metrics().rateLimited.inc({ persona });
}

/** How many call-log entries wait to be written, now. */
export function setCallLogBuffered(entries: number): void {
  metrics().callLogBuffered.set(entries);
}

/** A call-log batch that could not be written. */
export function countCallLogFlushFailure(): void {
  metrics().callLogFlushFailures.inc();
}

/** The door re-read the stored tools and personas. */
export function countSnapshotRefresh(): void {
  metrics().snapshotRefreshes.inc();
}

/** A change written `seconds` ago reached this instance `via` a change event, or its listening MCP clients. */
export function observeChangeEventLag(via: "change_event" | "mcp_listeners", seconds: number): void {
  metrics().changeEventLag.observe({ via }, Math.max(0, seconds));
}

/** A refused operator sign-in. */
export function countSignInFailure(method: "password" | "sso", reason: "wrong_credentials" | "locked_out" | "refused"): void {
  metrics().signInFailures.inc({ method, reason });
}

/** Failures just locked an account or address out. */
export function countSignInLockout(): void {
  metrics().signInLockouts.inc();
}
