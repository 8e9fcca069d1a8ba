import { describe, expect, it } from "vitest";
import { TOOL_ERROR_TYPES, error, json, text, toolResponseToJSON, withHalt, type ExecutionMetadata } from "./response";

const metadata: ExecutionMetadata = {
  status: 200,
  durationMs: 12.5,
  request: { method: "GET", url: "https://api.example.com/orders/A-1", headers: { Authorization: "••••" }, body: null },
  responseBody: '{"internal": "operator-only"}',
};

describe("toolResponseToJSON (what an agent sees)", () => {
  it.each([
    ["text", text("done", metadata), { ok: true, kind: "text", content: "done", halt: null }],
    ["json", json({ a: 1 }, metadata), { ok: true, kind: "json", content: { a: 1 }, halt: null }],
    ["a halt", withHalt(json("x", metadata), { payload: "x", say: "CALL_SUPPORT" }), { ok: true, kind: "json", content: "x", halt: { payload: "x", say: "CALL_SUPPORT" } }],
    ["an error", error("Upstream responded with HTTP 500", "http_error", { details: { status: 500, body_excerpt: "oops" }, metadata }),
      { ok: false, error_type: "http_error", message: "Upstream responded with HTTP 500", details: { status: 500, body_excerpt: "oops" } }],
  ])("keeps only status and duration of the metadata for %s", (_case, response, expected) => {
    const shape = toolResponseToJSON(response);
    expect(shape).toEqual({ ...expected, metadata: { status: 200, durationMs: 12.5 } });
    const serialised = JSON.stringify(shape);
    expect(serialised).not.toContain("responseBody");
    expect(serialised).not.toContain("operator-only");
    expect(serialised).not.toContain('"request"');
    expect(serialised).not.toContain("api.example.com");
  });

  it("leaves out what the metadata does not have, and never the cause", () => {
    const shape = toolResponseToJSON(error("boom", "unhandled_error", { cause: new Error("internal detail") }));
    expect(shape).toEqual({ ok: false, error_type: "unhandled_error", message: "boom", metadata: {} });
    expect(JSON.stringify(shape)).not.toContain("internal detail");
    expect(toolResponseToJSON(text("a", { request: metadata.request }))).toMatchObject({ metadata: {} });
  });

  it("tells an agent that a destination was blocked, never what a name resolved to", () => {
    // Internal DNS is the operator's business: the ToolResponse keeps the detail for the run log.
    const detail = "Destination blocked: orders.internal (resolves to 10.1.2.3) is a private address.";
    const response = error(detail, "blocked_destination", { metadata });
    const shape = toolResponseToJSON(response);
    expect(shape).toEqual({
      ok: false,
      error_type: "blocked_destination",
      message: "The tool's destination is not reachable: the operator's network policy blocks it. The operator's run log has the details.",
      metadata: { status: 200, durationMs: 12.5 },
    });
    expect(JSON.stringify(shape)).not.toMatch(/10\.1\.2\.3|orders\.internal/);
    expect(response.ok ? null : response.message).toBe(detail);
  });
});

describe("error types (SPEC §2.2)", () => {
  it("are exactly the six the specification names", () => {
    // Written out here, not read from the code: models and clients branch on these strings.
    const spec = ["validation_error", "timeout_error", "execution_error", "http_error", "blocked_destination", "unhandled_error"];
    expect([...TOOL_ERROR_TYPES].sort()).toEqual([...spec].sort());
  });
});
