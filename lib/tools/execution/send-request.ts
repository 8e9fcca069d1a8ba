/**
 * One HTTP exchange through the destination guard (SPEC §1.5 steps 4–5): redirects are followed
 * by hand so every hop connects through the guarded dispatcher, and the response body is read
 * under a byte cap. Never throws: every ending, including a failure, comes back as a value that
 * says which request was last sent.
 */
import type { IncomingHttpHeaders } from "node:http";
import { errors, type Dispatcher } from "undici";
import type { CancelSignal } from "../abort-switch";

/** A request on the wire. Header values here may be plaintext secrets: never return them as they are. */
export interface WireRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

/**
 * `request` with `extraHeaders` added (over its own of the same name), at `url`. Built field by
 * field, not with object spread: on node 20 a spread on every call leaves the scavenger copying
 * megabytes at each young-generation collection (bench/README.md, "what outlives a call").
 */
export function withExtraHeaders(request: WireRequest, extraHeaders: Readonly<Record<string, string>>, url: URL = request.url): WireRequest {
  return { method: request.method, url, headers: Object.assign({}, request.headers, extraHeaders), body: request.body };
}

export interface SendOptions {
  readonly dispatcher: Dispatcher;
  readonly maxRedirects: number;
  readonly maxResponseBytes: number;
  /** Lower-cased names of headers to drop when a redirect leaves the original origin. */
  readonly secretHeaderNames: ReadonlySet<string>;
  readonly signal: CancelSignal;
}

/** Response header name (lower-case) → value; a repeated header's values joined with ", ". May echo a secret. */
export type ResponseHeaders = Readonly<Record<string, string>>;

export type SendOutcome =
  | { readonly kind: "received"; readonly request: WireRequest; readonly status: number; readonly headers: ResponseHeaders; readonly body: string }
  | {
      readonly kind: "too_large";
      readonly request: WireRequest;
      readonly status: number;
      readonly headers: ResponseHeaders;
      readonly partialBody: string;
    }
  | { readonly kind: "too_many_redirects"; readonly request: WireRequest; readonly status: number }
  | { readonly kind: "bad_redirect"; readonly request: WireRequest; readonly status: number; readonly location: string }
  | { readonly kind: "failed"; readonly request: WireRequest; readonly error: unknown };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const BODY_HEADERS = new Set(["content-type", "content-length"]);

function withoutHeaders(headers: Readonly<Record<string, string>>, drop: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name.toLowerCase())));
}

/** The request for the next hop, or null when `location` is not an http(s) URL. */
function nextHop(current: WireRequest, status: number, location: string, options: SendOptions): WireRequest | null {
  let url: URL;
  try {
    url = new URL(location, current.url);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // 303 always, and 301/302 after a POST, become a GET without a body (as browsers do).
  const toGet = status === 303 ? current.method !== "HEAD" : (status === 301 || status === 302) && current.method === "POST";
  let headers = toGet ? withoutHeaders(current.headers, BODY_HEADERS) : current.headers;
  if (url.origin !== current.url.origin) headers = withoutHeaders(headers, options.secretHeaderNames);
  return { method: toGet ? "GET" : current.method, url, headers, body: toGet ? null : current.body };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function joinedHeaders(headers: IncomingHttpHeaders): ResponseHeaders {
  const joined: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) joined[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return joined;
}

/** One response as it arrived: its status and headers, and its body read up to the cap (`overflow`: there was more). */
interface Arrival {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly overflow: boolean;
}

const decoded = (chunks: readonly Buffer[], size: number) => (chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks, size).toString("utf8"));

/**
 * One request on the wire and its response, through undici's dispatch handler interface: the
 * body's chunks are collected as they arrive — no body stream, no promise per chunk, no
 * AbortSignal — which is most of what undici's `request()` adds per call (bench/README.md). A body
 * over `cap` bytes ends the exchange (its connection is closed); throwing `signal` aborts it with
 * undici's RequestAbortedError, as `request()` does. Rejects with undici's error when it fails.
 */
function exchangeOnce(request: WireRequest, dispatcher: Dispatcher, signal: CancelSignal, cap: number): Promise<Arrival> {
  return new Promise((resolve, reject) => {
    let status = 0;
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let stopListening = () => {};
    /** True the first time only: the exchange's one outcome (an abort after an overflow reports an error too). */
    const settling = () => {
      if (settled) return false;
      settled = true;
      stopListening();
      return true;
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(controller) {
        const abort = () => controller.abort(new errors.RequestAbortedError());
        if (signal.aborted) return abort();
        signal.addEventListener("abort", abort);
        stopListening = () => signal.removeEventListener("abort", abort);
      },
      onResponseStart(_controller, statusCode, responseHeaders) {
        // An informational answer (1xx) comes before the response itself.
        if (statusCode < 200) return;
        status = statusCode;
        headers = responseHeaders;
      },
      onResponseData(controller, chunk) {
        if (settled) return;
        size += chunk.length;
        if (size <= cap) return void chunks.push(chunk);
        chunks.push(chunk.subarray(0, chunk.length - (size - cap)));
        settling();
        resolve({ status, headers, body: decoded(chunks, cap), overflow: true });
        controller.abort(new errors.ResponseExceededMaxSizeError());
      },
      onResponseEnd() {
        if (settling()) resolve({ status, headers, body: decoded(chunks, size), overflow: false });
      },
      onResponseError(_controller, error) {
        if (settling()) reject(error);
      },
    };
    dispatcher.dispatch(
      { origin: request.url.origin, path: `${request.url.pathname}${request.url.search}`, method: request.method as Dispatcher.HttpMethod, headers: request.headers, body: request.body },
      handler,
    );
  });
}

/** Sends `request`, following at most `maxRedirects` redirects, and reads the final body. */
export async function sendRequest(request: WireRequest, options: SendOptions): Promise<SendOutcome> {
  let current = request;
  try {
    for (let hop = 0; ; hop += 1) {
      const { status, headers: received, body, overflow } = await exchangeOnce(current, options.dispatcher, options.signal, options.maxResponseBytes);
      const location = firstHeader(received.location);
      if (REDIRECT_STATUSES.has(status) && location !== undefined) {
        if (hop >= options.maxRedirects) return { kind: "too_many_redirects", request: current, status };
        const next = nextHop(current, status, location, options);
        if (!next) return { kind: "bad_redirect", request: current, status, location };
        current = next;
        continue;
      }
      const headers = joinedHeaders(received);
      return overflow
        ? { kind: "too_large", request: current, status, headers, partialBody: body }
        : { kind: "received", request: current, status, headers, body };
    }
  } catch (error) {
    return { kind: "failed", request: current, error };
  }
}
