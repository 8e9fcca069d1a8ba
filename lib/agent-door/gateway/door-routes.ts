import "server-only";

/**
 * The agents' door as one framework-free handler (issue 23): a Web `Request` in, a `Response`
 * out, for every path under `/api/v1` — the runtime API (SPEC §8), each persona's MCP endpoint
 * and the OpenAPI document. It is what Next.js's `/api/v1` catch-all route calls and what
 * `npm run gateway` serves alone on `node:http` (gateway/node-server.ts), so both answer alike;
 * on node:http, tool calls — agents' hot path — skip the Web objects (node-call-route.ts) and
 * answer through the same route code ({@link answerToolCall}) and the same metrics and traces
 * ({@link observedDoorRequest}). Routing is Hono's; the work is the door's modules. A path it
 * does not know is 404 and a method a path does not take is 405 with `Allow`, both in the door's
 * error shape.
 */
import { Hono } from "hono";
import { countDoorRequest, type DoorKind } from "../../observability/metrics";
import { contextFromHeaders, markSpanFailed, SpanKind, traced, tracingEnabled, type RequestHeaders } from "../../observability/tracing";
import { isProviderFormat, PROVIDER_FORMATS, STRICT_DEFAULTS, type ProviderFormat } from "../../tools";
import { answerResponse } from "../door-answer";
import { agentError, agentErrorResponse, unknownDoorPath, type AgentRefusal } from "../errors";
import { admitAgent, failureAnswer, webCallBody } from "../http";
import { agentToolBudget, budgetResponseBody } from "../budget";
import { DOOR_PATH_PREFIX } from "../door-path";
import { agentMcpDoor } from "../mcp/mcp-door";
import { handleMcpRequest } from "../mcp/mcp-server";
import { runtimeOpenApiDocument } from "../openapi";
import { agentToolList } from "../snapshot";
import { answerToolCall } from "../tool-call-request";
import { serveMetrics } from "./metrics-route";

export { DOOR_PATH_PREFIX };

/** Whether `If-None-Match` names `etag` (a list, weak tags and `*` included). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === etag;
  });
}

/**
 * The persona's effective tools as one provider's tool specifications, each in the variant an
 * agent gets (OpenAI strict where the tool can be; `?strict=` picks the other variant). The ETag is the hash of the
 * specifications, so an agent polling with If-None-Match gets 304 until a tool, a switch or a grant
 * changes what it would receive.
 */
async function listTools(request: Request, slug: string): Promise<Response> {
  const admitted = await admitAgent(request, slug);
  if (!admitted.ok) return admitted.response;
  const query = new URL(request.url).searchParams;
  const format = query.get("format");
  if (!isProviderFormat(format)) {
    const allowed = PROVIDER_FORMATS.join(", ");
    const message = format === null ? `Add ?format= with one of: ${allowed}.` : `Unknown format "${format}"; use one of: ${allowed}.`;
    return agentErrorResponse(agentError("bad_request", message));
  }
  const deferred = query.get("deferred");
  if (deferred !== null && deferred !== "true" && deferred !== "false") {
    return agentErrorResponse(agentError("bad_request", `?deferred= takes true or false, not "${deferred}".`));
  }
  const strict = strictOption(query.get("strict"), format);
  if (!strict.ok) return agentErrorResponse(strict);
  const list = await agentToolList(slug, format, admitted.identity.catalogStamp, { deferred: deferred !== "false", strict: strict.value });
  if (list === null) return agentErrorResponse(agentError("not_found", `There is no persona "${slug}".`));
  const headers = { ETag: list.etag, "Cache-Control": "private, no-cache" };
  if (matches(request.headers.get("if-none-match"), list.etag)) return new Response(null, { status: 304, headers });
  return Response.json({ persona: slug, format, tools: list.specs }, { headers });
}

/** `?strict=true|false`: the other variant of a format that has two; absent means the format's default. */
function strictOption(value: string | null, format: ProviderFormat): { ok: true; value: boolean | undefined } | AgentRefusal {
  if (value === null) return { ok: true, value: undefined };
  const withStrict = Object.keys(STRICT_DEFAULTS).join(" and ");
  if (STRICT_DEFAULTS[format] === undefined) return agentError("bad_request", `strict applies to the ${withStrict} formats only, not ${format}.`);
  if (value !== "true" && value !== "false") return agentError("bad_request", `strict is true or false, not "${value}".`);
  return { ok: true, value: value === "true" };
}

/** What the persona's tool specifications cost an agent's context, per provider (same key and answers as the tools list). */
async function toolBudget(request: Request, slug: string): Promise<Response> {
  const admitted = await admitAgent(request, slug);
  if (!admitted.ok) return admitted.response;
  const budget = await agentToolBudget(slug, admitted.identity.catalogStamp);
  if (budget === null) return agentErrorResponse(agentError("not_found", `There is no persona "${slug}".`));
  return Response.json(budgetResponseBody(slug, budget), { headers: { "Cache-Control": "private, no-cache" } });
}

/** Calls one of the persona's tools (tool-call-request.ts). */
async function callTool(request: Request, personaSlug: string, toolName: string): Promise<Response> {
  const answer = await answerToolCall({
    personaSlug,
    toolName,
    authorization: request.headers.get("authorization"),
    format: new URL(request.url).searchParams.get("format"),
    body: webCallBody(request),
    signal: request.signal,
  });
  return answerResponse(answer);
}

const ROUTES = {
  openapi: "/openapi.json",
  metrics: "/metrics",
  tools: "/personas/:slug/tools",
  budget: "/personas/:slug/budget",
  call: "/personas/:slug/tools/:name/call",
  mcp: "/personas/:slug/mcp",
} as const;

const ROUTE_DOORS: Record<keyof typeof ROUTES, DoorKind> = { openapi: "openapi", metrics: "metrics", tools: "api", budget: "api", call: "api", mcp: "mcp" };

/** Each route as a pattern over a path, with its door and its name in traces (`/api/v1/personas/{slug}/mcp`). */
const ROUTE_PATTERNS = Object.entries(ROUTES).map(([name, route]) => ({
  pattern: new RegExp(`^${DOOR_PATH_PREFIX}${route.replace(/:[a-z]+/g, "[^/]+")}/?$`),
  door: ROUTE_DOORS[name as keyof typeof ROUTES],
  route: DOOR_PATH_PREFIX + route.replace(/:([a-z]+)/g, "{$1}"),
}));

/** The door and route template a path belongs to (`other` and null for a path the door does not serve). */
export function doorRouteOf(pathname: string): { readonly door: DoorKind; readonly route: string | null } {
  const found = ROUTE_PATTERNS.find(({ pattern }) => pattern.test(pathname));
  return found ? { door: found.door, route: found.route } : { door: "other", route: null };
}

function methodNotAllowed(allow: string): Response {
  return agentErrorResponse(agentError("method_not_allowed", `This path answers ${allow} only.`), { Allow: allow });
}

const door = new Hono().basePath(DOOR_PATH_PREFIX);

// The OpenAPI document is public, like any API's published contract.
door.get(ROUTES.openapi, (c) => Response.json(runtimeOpenApiDocument(new URL(c.req.url).origin)));
door.get(ROUTES.metrics, (c) => serveMetrics(c.req.raw));
door.get(ROUTES.tools, (c) => listTools(c.req.raw, c.req.param("slug")));
door.get(ROUTES.budget, (c) => toolBudget(c.req.raw, c.req.param("slug")));
door.post(ROUTES.call, (c) => callTool(c.req.raw, c.req.param("slug"), c.req.param("name")));
// Every method goes to the MCP server, which answers GET and DELETE (2025 session operations) with 405 itself.
door.all(ROUTES.mcp, (c) => handleMcpRequest(c.req.raw, c.req.param("slug"), agentMcpDoor));
door.all(ROUTES.openapi, () => methodNotAllowed("GET"));
door.all(ROUTES.metrics, () => methodNotAllowed("GET"));
door.all(ROUTES.tools, () => methodNotAllowed("GET"));
door.all(ROUTES.budget, () => methodNotAllowed("GET"));
door.all(ROUTES.call, () => methodNotAllowed("POST"));
door.notFound(() => agentErrorResponse(unknownDoorPath()));
// Any route's unexpected failure: a generic 500, logged (or nothing, when the agent hung up first).
door.onError((error, c) => answerResponse(failureAnswer(error, c.req.raw.signal.aborted)));

/** What the door's metrics and traces know of a request, on either host. */
export interface ObservedRequest {
  readonly method: string;
  readonly pathname: string;
  readonly headers: RequestHeaders;
}

function headerOf(headers: RequestHeaders, name: string): string | null {
  if (headers instanceof Headers) return headers.get(name);
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Runs `answer` for `request` as the door observes every request: counted (door, status,
 * duration) and, with tracing on, one server span continuing the caller's `traceparent`; the
 * routes add who called and what ran to it.
 */
export async function observedDoorRequest<A extends { readonly status: number }>(request: ObservedRequest, answer: () => Promise<A>): Promise<A> {
  const started = performance.now();
  const { door: kind, route } = doorRouteOf(request.pathname);
  // Tracing off (the default): no span, so nothing to build for one on agents' hot path.
  const answered = tracingEnabled() ? await tracedDoorRequest(request, kind, route, answer) : await answer();
  countDoorRequest(kind, answered.status, (performance.now() - started) / 1000);
  return answered;
}

/** `answer` inside the request's server span. */
function tracedDoorRequest<A extends { readonly status: number }>(request: ObservedRequest, kind: DoorKind, route: string | null, answer: () => Promise<A>): Promise<A> {
  const mcpMethod = kind === "mcp" ? headerOf(request.headers, "mcp-method") : null;
  return traced(
    route === null ? request.method : `${request.method} ${route}`,
    {
      kind: SpanKind.SERVER,
      parent: contextFromHeaders(request.headers),
      attributes: {
        "http.request.method": request.method,
        "url.path": request.pathname,
        "quiver.door": kind,
        ...(route === null ? {} : { "http.route": route }),
        ...(mcpMethod === null ? {} : { "mcp.method.name": mcpMethod }),
      },
    },
    async (span) => {
      const result = await answer();
      span?.setAttribute("http.response.status_code", result.status);
      if (result.status >= 500) markSpanFailed(span, String(result.status));
      return result;
    },
  );
}

/**
 * Answers one request to the agents' door (any path; those outside {@link DOOR_PATH_PREFIX} are
 * 404), observed ({@link observedDoorRequest}). The security headers a non-page response takes
 * are the server's to add (node-server.ts, on the socket's response, where they cost nothing;
 * Next.js's configuration under `next dev`).
 */
export function handleDoorRequest(request: Request): Promise<Response> {
  const observed = { method: request.method, pathname: new URL(request.url).pathname, headers: request.headers };
  return observedDoorRequest(observed, async () => door.fetch(request));
}
