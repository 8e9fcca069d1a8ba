/**
 * How a token request reaches the token endpoint. The token manager takes a transport rather than
 * calling fetch itself, so the app passes one built on the executor's guarded dispatcher (the
 * destination guard checks the token endpoint's addresses like any tool's) and tests pass one on a
 * plain undici Agent towards a loopback mock.
 */
import type { Dispatcher } from "undici";

/** One form-encoded POST to a token endpoint. The headers and body carry the client secret. */
export interface TokenHttpRequest {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface TokenHttpResponse {
  readonly status: number;
  readonly body: string;
}

/** Sends a token request; rejects when no response arrives (refused connection, guard, timeout, size cap). */
export type TokenTransport = (request: TokenHttpRequest) => Promise<TokenHttpResponse>;

export interface DispatcherTransportOptions {
  /** A token response is a small JSON object; anything larger is refused unread. Default 64 KiB. */
  readonly maxResponseBytes?: number;
  /** For the response head and for each pause in the body. Default 10 s. */
  readonly timeoutMs?: number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * A transport through `dispatcher` (pass the guarded agent). Redirects are not followed: a token
 * endpoint that redirects would take the client secret to wherever it points.
 */
export function dispatcherTokenTransport(dispatcher: Dispatcher, options: DispatcherTransportOptions = {}): TokenTransport {
  const cap = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return async (request) => {
    const response = await dispatcher.request({
      origin: request.url.origin,
      path: `${request.url.pathname}${request.url.search}`,
      method: "POST",
      headers: request.headers,
      body: request.body,
      headersTimeout: timeout,
      bodyTimeout: timeout,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > cap) {
        response.body.destroy();
        throw new RangeError(`The token endpoint's response is larger than ${cap} bytes.`);
      }
      chunks.push(chunk as Buffer);
    }
    return { status: response.statusCode, body: Buffer.concat(chunks).toString("utf8") };
  };
}
