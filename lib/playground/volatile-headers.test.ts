import { describe, expect, it } from "vitest";
import { holdsVolatileHeader, isVolatileHeaderPath } from "./volatile-headers";

describe("isVolatileHeaderPath", () => {
  it.each<[string, boolean]>([
    ["headers.connection", true],
    ["headers.keep-alive", true],
    ["headers.date", true],
    ["headers.transfer-encoding", true],
    ["response.headers.Transfer-Encoding", true],
    ["response_headers.ETag", true],
    ["responseHeaders.x-request-id", true],
    ["headers.host", false],
    ["headers.content-type", false],
    ["headers.authorization", false],
    ["order.date", false],
    ["date", false],
    ["connection", false],
    ["headers", false],
  ])("%s → %s", (path, volatile) => {
    expect(isVolatileHeaderPath(path)).toBe(volatile);
  });
});

describe("holdsVolatileHeader", () => {
  it.each<[string, unknown, boolean]>([
    ["an echoed request", { method: "GET", headers: { host: "api.example.com", connection: "keep-alive" } }, true],
    ["the same as JSON text (a body handed back whole)", JSON.stringify({ headers: { Date: "Tue, 01 Dec 2026 10:00:00 GMT" } }), true],
    ["headers deep inside", { data: [{ response_headers: { etag: '"abc"' } }] }, true],
    ["stable headers only", { headers: { host: "api.example.com", accept: "*/*" } }, false],
    ["an order with a date", { order: { id: "A-1", date: "2026-12-01" } }, false],
    ["text that is not JSON", "connection: keep-alive", false],
    ["a scalar", 200, false],
    ["nothing", null, false],
  ])("%s → %s", (_name, value, volatile) => {
    expect(holdsVolatileHeader(value)).toBe(volatile);
  });
});
