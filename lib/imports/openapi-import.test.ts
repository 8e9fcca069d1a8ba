/** Fetching an OpenAPI document by URL: through the destination guard, with the timeout, the importer's document cap and the redirect limit. */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "../tools";
import { ValidationError } from "../errors";

const config: { current: ExecutionConfig } = { current: DEFAULT_EXECUTION_CONFIG };
vi.mock("../setup/configuration", () => ({ getExecutionConfig: () => config.current }));
const { inspectOpenApiSource } = await import("./openapi-import");
const { MAX_DOCUMENT_LENGTH } = await import("./openapi");

const DOCUMENT = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "Local", version: "1" },
  servers: [{ url: "/api" }],
  paths: { "/ping": { get: { operationId: "ping", responses: { "200": { description: "ok" } } } } },
});

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/openapi.json") return void response.writeHead(200, { "content-type": "application/json" }).end(DOCUMENT);
    if (request.url === "/moved") return void response.writeHead(302, { location: "/openapi.json" }).end();
    if (request.url === "/loop") return void response.writeHead(302, { location: "/loop" }).end();
    if (request.url === "/huge") return void response.writeHead(200).end("x".repeat(MAX_DOCUMENT_LENGTH + 1));
    if (request.url === "/padded") return void response.writeHead(200).end(DOCUMENT + " ".repeat(4096));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const allowLoopback = (patch: Partial<ExecutionConfig> = {}) => {
  config.current = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.1"], ...patch };
};

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ValidationError);
  return (error as ValidationError).issues.map((issue) => `${issue.path}: ${issue.message}`).join(" ");
}

describe("inspectOpenApiSource by URL", () => {
  it("refuses a loopback address unless the allowlist admits it", async () => {
    config.current = DEFAULT_EXECUTION_CONFIG;
    expect(await failure(inspectOpenApiSource({ url: `${origin}/openapi.json` }))).toMatch(/^url: Destination blocked: 127\.0\.0\.1 is a loopback address/);
  });

  it("fetches an admitted document and resolves its relative server against the URL, following a redirect", async () => {
    allowLoopback();
    const inspected = await inspectOpenApiSource({ url: `${origin}/moved` });
    expect(inspected.documentUrl).toBe(`${origin}/moved`);
    expect(inspected.operations[0]!.importable && inspected.operations[0]!.tool.request.url).toBe(`${origin}/api/ping`);
  });

  it("stops at the redirect limit, the document cap and an error status", async () => {
    allowLoopback();
    expect(await failure(inspectOpenApiSource({ url: `${origin}/loop` }))).toMatch(/redirected more than 3 times/);
    expect(await failure(inspectOpenApiSource({ url: `${origin}/huge` }))).toMatch(/larger than the 8,388,608-byte limit/);
    expect(await failure(inspectOpenApiSource({ url: `${origin}/missing` }))).toMatch(/answered HTTP 404/);
  });

  it("reads a document larger than a tool's response cap: a document is not a tool's answer", async () => {
    allowLoopback({ maxResponseBytes: 1024 });
    expect((await inspectOpenApiSource({ url: `${origin}/padded` })).operations).toHaveLength(1);
  });

  it("refuses a URL that is not http(s), and reports pasted text problems at text", async () => {
    expect(await failure(inspectOpenApiSource({ url: "file:///etc/passwd" }))).toBe("url: The URL must be an absolute http(s) URL.");
    expect(await failure(inspectOpenApiSource({ text: "  " }))).toBe("text: The document is empty.");
  });

  it("reads a pasted Postman collection as requests, taking the operator's variable values, and refuses a v1 one at text", async () => {
    const collection = {
      info: { name: "Pinger", schema: "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
      item: [{ name: "Ping", request: { method: "GET", url: "{{host}}/ping" } }],
    };
    const read = await inspectOpenApiSource({ text: JSON.stringify(collection) }, { variables: { host: "https://ping.example.test" } });
    expect([read.kind, read.title, read.operations[0]!.importable && read.operations[0]!.tool.request.url]).toEqual(["postman", "Pinger", "https://ping.example.test/ping"]);
    expect(await failure(inspectOpenApiSource({ text: JSON.stringify({ name: "old", requests: [] }) }))).toMatch(/^text: This is a Postman collection v1, which Quiver does not read/);
  });
});
