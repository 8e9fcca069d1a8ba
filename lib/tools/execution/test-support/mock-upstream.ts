/**
 * The development and e2e stand-in for third-party APIs: one request handler (served by
 * upstream-server.ts) whose paths choose the answer, so a tool's URL alone decides what its
 * "upstream" does. It keeps its own log, with whether the client gave up before the answer, so a
 * test can prove that a dismissed, refused or dry-run call sent nothing and that Cancel aborted.
 *
 * | path | answer |
 * |---|---|
 * | `/status/{code}` | that status, the echo as body |
 * | `/delay/{ms}` | the echo after `ms` milliseconds |
 * | `/slow/{chunks}` | `chunks` lines, one every `?interval=` ms (default 200) |
 * | `/large/{bytes}` | a text body of exactly `bytes` bytes |
 * | `/redirect?to=URL[&status=30x]` | a redirect to `URL` (302 by default) |
 * | `/json?body=JSON` or `/json?a=1&b=x` | that JSON document, or the query as an object (`?status=` sets the status) |
 * | `POST /oauth/token` | an OAuth2 client-credentials token: `mock-oauth-token-N` (N counts from 1), bearer, an hour, with the `scope` asked for |
 * | `GET /__requests`, `DELETE /__requests` | the log (not logged itself), or clear it |
 * | anything else | 200 and the echo: method, path, query, headers, body |
 */
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { reply, type RecordedRequest, type UpstreamHandler } from "./upstream-server";

export interface MockUpstreamRecord {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string | string[]>;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** True when the client closed the connection before the whole answer was sent. */
  aborted: boolean;
}

export interface MockUpstream {
  readonly handler: UpstreamHandler;
  /** Every request except the control endpoints, oldest first. */
  readonly requests: MockUpstreamRecord[];
}

/** Bodies past this are refused, so a typo in a test cannot exhaust the machine's memory. */
const MAX_LARGE_BYTES = 64 * 1024 * 1024;
const CONTROL_PATH = "/__requests";

/** What every access token the mock hands out starts with, so a test can watch for any of them. */
export const MOCK_TOKEN_PREFIX = "mock-oauth-token-";

/** A fresh mock upstream: its handler and its request log. */
export function createMockUpstream(): MockUpstream {
  const requests: MockUpstreamRecord[] = [];
  let tokens = 0;
  const handler: UpstreamHandler = (request, response) => {
    const url = new URL(request.url, "http://mock.invalid");
    if (url.pathname === CONTROL_PATH) return control(request.method, requests, response);
    const record: MockUpstreamRecord = {
      method: request.method,
      path: url.pathname,
      query: queryObject(url.searchParams),
      headers: request.headers,
      body: request.body,
      aborted: false,
    };
    requests.push(record);
    response.on("close", () => {
      if (!response.writableFinished) record.aborted = true;
    });
    if (url.pathname === "/oauth/token" && request.method === "POST") {
      tokens += 1;
      const scope = new URLSearchParams(request.body).get("scope");
      return reply(response, 200, { access_token: `${MOCK_TOKEN_PREFIX}${tokens}`, token_type: "Bearer", expires_in: 3600, ...(scope ? { scope } : {}) });
    }
    route(record, url, response);
  };
  return { handler, requests };
}

function control(method: string, requests: MockUpstreamRecord[], response: ServerResponse): void {
  if (method === "DELETE") {
    requests.length = 0;
    return reply(response, 204);
  }
  if (method === "GET") return reply(response, 200, requests);
  reply(response, 405, { error: "GET or DELETE" }, { allow: "GET, DELETE" });
}

function route(record: MockUpstreamRecord, url: URL, response: ServerResponse): void {
  const [, name = "", argument = ""] = url.pathname.split("/");
  const echo = { method: record.method, path: record.path, query: record.query, headers: record.headers, body: record.body };
  const number = Number(argument);
  switch (name) {
    case "status":
      return Number.isInteger(number) && number >= 200 && number <= 599 ? reply(response, number, echo) : badRequest(response, "status must be 200–599");
    case "delay":
      return Number.isInteger(number) && number >= 0 ? later(response, number, () => reply(response, 200, echo)) : badRequest(response, "delay must be milliseconds");
    case "slow":
      return Number.isInteger(number) && number > 0 ? slow(response, number, Number(url.searchParams.get("interval") ?? 200)) : badRequest(response, "chunks must be positive");
    case "large":
      return Number.isInteger(number) && number >= 0 && number <= MAX_LARGE_BYTES
        ? reply(response, 200, "x".repeat(number))
        : badRequest(response, `bytes must be 0–${MAX_LARGE_BYTES}`);
    case "redirect":
      return redirect(url, response);
    case "json":
      return json(url, response);
    default:
      return reply(response, 200, echo);
  }
}

function badRequest(response: ServerResponse, message: string): void {
  reply(response, 400, { error: message });
}

/** Runs `answer` after `ms`, unless the client has gone by then. */
function later(response: ServerResponse, ms: number, answer: () => void): void {
  const timer = setTimeout(answer, ms);
  response.on("close", () => clearTimeout(timer));
}

function slow(response: ServerResponse, chunks: number, interval: number): void {
  response.writeHead(200, { "content-type": "text/plain" });
  let sent = 0;
  const timer = setInterval(() => {
    sent += 1;
    response.write(`chunk ${sent}\n`);
    if (sent === chunks) {
      clearInterval(timer);
      response.end();
    }
  }, interval);
  response.on("close", () => clearInterval(timer));
}

function redirect(url: URL, response: ServerResponse): void {
  const to = url.searchParams.get("to");
  const status = Number(url.searchParams.get("status") ?? 302);
  if (!to || ![301, 302, 303, 307, 308].includes(status)) return badRequest(response, "redirect needs ?to= and a 30x status");
  reply(response, status, "", { location: to });
}

function json(url: URL, response: ServerResponse): void {
  const status = Number(url.searchParams.get("status") ?? 200);
  if (!Number.isInteger(status) || status < 200 || status > 599) return badRequest(response, "status must be 200–599");
  const raw = url.searchParams.get("body");
  let document: unknown;
  if (raw === null) {
    const fields = new URLSearchParams(url.searchParams);
    fields.delete("status");
    document = queryObject(fields);
  } else {
    try {
      document = JSON.parse(raw);
    } catch {
      return badRequest(response, "body must be JSON");
    }
  }
  // Written directly: reply() would send a JSON string document as plain text.
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(document));
}

function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? "") : values;
  }
  return query;
}
