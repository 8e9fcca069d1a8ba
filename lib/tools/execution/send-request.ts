/**
 * One HTTP exchange through the destination guard (SPEC §1.5 steps 4–5): redirects are followed
 * by hand so every hop connects through the guarded dispatcher, and the response body is read
 * under a byte cap. Never throws: every ending, including a failure, comes back as a value that
 * says which request was last sent.
 */
import { EventEmitter } from "node:events";
import type { Dispatcher } from "undici";

/**
 * An abort switch undici accepts as a request `signal`. Registering on an emitter costs a
 * fraction of an AbortSignal's add/removeEventListener pair, which measured around 10 µs per
 * request on loopback (a visible share of the executor's overhead in bench/executor.ts).
 * `aborted` makes a redirect hop that starts after the switch was thrown fail at once.
 */
export class AbortSwitch extends EventEmitter {
  aborted = false;

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.emit("abort");
  }
}

/** A request on the wire. Header values here may be plaintext secrets: never return them as they are. */
export interface WireRequest {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

export interface SendOptions {
  readonly dispatcher: Dispatcher;
  readonly maxRedirects: number;
  readonly maxResponseBytes: number;
  /** Lower-cased names of headers to drop when a redirect leaves the original origin. */
  readonly secretHeaderNames: ReadonlySet<string>;
  readonly signal: AbortSwitch;
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

async function readCapped(
  response: Dispatcher.ResponseData,
  cap: number,
): Promise<{ readonly text: string; readonly overflow: boolean }> {
  const { body } = response;
  // undici stops at a declared Content-Length, so a body that declares one within the cap can be read whole.
  const declared = Number(firstHeader(response.headers["content-length"]) ?? Number.NaN);
  if (declared <= cap) return { text: await body.text(), overflow: false };
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > cap) {
      chunks.push(buffer.subarray(0, buffer.length - (size - cap)));
      body.destroy();
      return { text: Buffer.concat(chunks).toString("utf8"), overflow: true };
    }
    chunks.push(buffer);
  }
  return { text: chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString("utf8"), overflow: false };
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function joinedHeaders(headers: Dispatcher.ResponseData["headers"]): ResponseHeaders {
  const joined: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) joined[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return joined;
}

/** Sends `request`, following at most `maxRedirects` redirects, and reads the final body. */
export async function sendRequest(request: WireRequest, options: SendOptions): Promise<SendOutcome> {
  let current = request;
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await options.dispatcher.request({
        origin: current.url.origin,
        path: `${current.url.pathname}${current.url.search}`,
        method: current.method as Dispatcher.HttpMethod,
        headers: current.headers,
        body: current.body,
        signal: options.signal,
      });
      const status = response.statusCode;
      const location = firstHeader(response.headers.location);
      if (REDIRECT_STATUSES.has(status) && location !== undefined) {
        await response.body.dump();
        if (hop >= options.maxRedirects) return { kind: "too_many_redirects", request: current, status };
        const next = nextHop(current, status, location, options);
        if (!next) return { kind: "bad_redirect", request: current, status, location };
        current = next;
        continue;
      }
      const headers = joinedHeaders(response.headers);
      const { text, overflow } = await readCapped(response, options.maxResponseBytes);
      return overflow
        ? { kind: "too_large", request: current, status, headers, partialBody: text }
        : { kind: "received", request: current, status, headers, body: text };
    }
  } catch (error) {
    return { kind: "failed", request: current, error };
  }
}
