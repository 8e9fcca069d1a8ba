/**
 * One exchange on the wire (send-request.ts) against a real loopback server: how a response's
 * body arrives — declared or chunked, split mid-character, after an informational answer, over
 * the cap, cut off, or abandoned by the caller — and that the connection stays usable afterwards.
 */
import type { ServerResponse } from "node:http";
import { Agent, errors } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AbortSwitch } from "../abort-switch";
import { sendRequest, type SendOutcome, type SendOptions } from "./send-request";
import { startUpstream, type Upstream } from "./test-support/upstream-server";

let upstream: Upstream;
let answer: (response: ServerResponse) => void = (response) => response.end("ok");
const dispatcher = new Agent({ keepAliveTimeout: 10_000 });

beforeAll(async () => {
  upstream = await startUpstream((_request, response) => answer(response));
});
afterAll(async () => {
  await dispatcher.close();
  await upstream.close();
});

const send = (options: Partial<SendOptions> = {}, path = "/data"): Promise<SendOutcome> =>
  sendRequest(
    { method: "GET", url: new URL(`${upstream.origin}${path}`), headers: {}, body: null },
    { dispatcher, maxRedirects: 2, maxResponseBytes: 100, secretHeaderNames: new Set(), signal: new AbortSwitch(), ...options },
  );

/** Writes `parts` one after another, each in its own chunk of a chunked response. */
function chunked(parts: readonly (string | Buffer)[], status = 200): (response: ServerResponse) => void {
  return (response) => {
    response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
    const [first, ...rest] = parts;
    response.write(first ?? "");
    let index = 0;
    const timer = setInterval(() => {
      if (index === rest.length) {
        clearInterval(timer);
        response.end();
      } else response.write(rest[index++]!);
    }, 5);
  };
}

describe("sendRequest", () => {
  it("reads a body declared by its Content-Length, with the headers as received", async () => {
    answer = (response) => response.writeHead(200, { "content-length": "5", "x-seen": "yes" }).end("hello");
    expect(await send()).toMatchObject({ kind: "received", status: 200, body: "hello", headers: { "content-length": "5", "x-seen": "yes" } });
  });

  it("joins a chunked body whose multi-byte character is split between chunks", async () => {
    const euro = Buffer.from("€", "utf8");
    answer = chunked([Buffer.from("price: 5"), euro.subarray(0, 1), Buffer.concat([euro.subarray(1), Buffer.from(" each")])]);
    expect(await send()).toMatchObject({ kind: "received", status: 200, body: "price: 5€ each" });
  });

  it("skips an informational answer (103 Early Hints) and reads the response after it", async () => {
    answer = (response) => {
      response.writeEarlyHints({ link: "</style.css>; rel=preload; as=style" });
      response.writeHead(201, { "content-type": "application/json" }).end('{"id":1}');
    };
    expect(await send()).toMatchObject({ kind: "received", status: 201, body: '{"id":1}' });
  });

  it("stops at the cap on a chunked body, keeping exactly the cap's bytes, and the next exchange still works", async () => {
    answer = chunked(["a".repeat(60), "b".repeat(60), "c".repeat(60)]);
    expect(await send()).toMatchObject({ kind: "too_large", status: 200, partialBody: `${"a".repeat(60)}${"b".repeat(40)}` });
    answer = (response) => response.end("after");
    expect(await send()).toMatchObject({ kind: "received", body: "after" });
  });

  it("accepts a body of exactly the cap in several chunks", async () => {
    answer = chunked(["x".repeat(50), "y".repeat(50)]);
    expect(await send()).toMatchObject({ kind: "received", body: `${"x".repeat(50)}${"y".repeat(50)}` });
  });

  it("fails when the upstream cuts the body off, naming the request it sent", async () => {
    answer = (response) => {
      response.writeHead(200, { "content-length": "50" });
      response.write("only part");
      setTimeout(() => response.socket?.destroy(), 10);
    };
    const outcome = await send();
    expect(outcome.kind).toBe("failed");
    expect(outcome.request.url.pathname).toBe("/data");
  });

  it("fails with undici's RequestAbortedError when the switch is thrown mid-body", async () => {
    answer = chunked(["first", "second", "third", "fourth"]);
    const signal = new AbortSwitch();
    const pending = send({ signal });
    setTimeout(() => signal.abort(), 8);
    const outcome = await pending;
    expect(outcome).toMatchObject({ kind: "failed", error: expect.any(errors.RequestAbortedError) });
  });

  it("sends nothing when the switch was thrown before the exchange", async () => {
    const signal = new AbortSwitch();
    signal.abort();
    expect(await send({ signal }, "/never")).toMatchObject({ kind: "failed", error: expect.any(errors.RequestAbortedError) });
    // By its own path: an earlier test's request, abandoned mid-body, may reach the upstream only now. Had this one been
    // written, the upstream would have it before an exchange that starts after it has ended.
    answer = (response) => response.end("ok");
    expect(await send({}, "/after")).toMatchObject({ kind: "received", body: "ok" });
    expect(upstream.requests.map((request) => request.url)).not.toContain("/never");
  });

  it("follows a redirect whose own body is over the cap", async () => {
    answer = (response) => {
      if (upstream.requests.at(-1)?.url === "/data") response.writeHead(302, { location: "/moved" }).end("z".repeat(500));
      else response.end("moved here");
    };
    expect(await send()).toMatchObject({ kind: "received", status: 200, body: "moved here", request: { url: new URL(`${upstream.origin}/moved`) } });
  });
});
