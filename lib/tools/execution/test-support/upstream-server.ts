/**
 * A real HTTP server on a loopback address and a random port, standing in for a third-party API
 * in tests and benchmarks. It records every request it receives, so a test can prove that a
 * refused or dry-run call sent nothing.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  /** Path and query as received. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export type UpstreamHandler = (request: RecordedRequest, response: ServerResponse) => void;

export interface Upstream {
  /** `http://127.0.0.1:PORT` (or `http://[::1]:PORT`). */
  readonly origin: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Sends `body` (JSON-encoded unless it is a string) with `status` and `headers`. */
export function reply(response: ServerResponse, status: number, body: unknown = "", headers: Record<string, string> = {}): void {
  const isText = typeof body === "string";
  response.writeHead(status, { "content-type": isText ? "text/plain" : "application/json", ...headers });
  response.end(isText ? body : JSON.stringify(body));
}

/** Starts a server on `host` (a loopback address) and `port` (0: any free one) that hands each request to `handler`. */
export async function startUpstream(handler: UpstreamHandler, host = "127.0.0.1", port = 0): Promise<Upstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request = {
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      handler(request, response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    origin: host.includes(":") ? `http://[${host}]:${bound}` : `http://${host}:${bound}`,
    port: bound,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
