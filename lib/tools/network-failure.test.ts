/**
 * A failed connection as an agent sees it (issue 25): words and a stable code, never an address;
 * the operator's ToolResponse keeps the detail. The live case connects to a closed loopback port.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "./definition";
import { DEFAULT_EXECUTION_CONFIG, executeTool } from "./execution";
import { networkFailureMessage, networkFailureOf } from "./network-failure";
import { toolResponseToJSON } from "./response";

const coded = (code: string, cause?: unknown) => Object.assign(new Error(`failed (${code})`), { code, cause });

describe("networkFailureOf", () => {
  it.each([
    [coded("ECONNREFUSED"), "connection_refused"],
    [coded("ENOTFOUND"), "host_not_found"],
    [coded("EAI_AGAIN"), "host_not_found"],
    [coded("ECONNRESET"), "connection_reset"],
    [coded("UND_ERR_SOCKET"), "connection_reset"],
    [coded("CERT_HAS_EXPIRED"), "tls_failed"],
    [coded("ERR_TLS_CERT_ALTNAME_INVALID"), "tls_failed"],
    [new TypeError("fetch failed", { cause: coded("ECONNREFUSED") }), "connection_refused"],
    [coded("EHOSTUNREACH"), "network_error"],
    [new Error("something else"), "network_error"],
    ["not even an error", "network_error"],
  ])("%s → %s", (error, expected) => {
    expect(networkFailureOf(error)).toBe(expected);
  });

  it("words each code without an address", () => {
    expect(networkFailureMessage("connection_refused")).toBe("The tool could not reach its upstream: the upstream refused the connection (connection_refused).");
  });
});

/** A loopback port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((settle) => server.listen(0, "127.0.0.1", settle));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((settle) => server.close(settle));
  return port;
}

describe("a refused connection", () => {
  it("tells the operator the host and the socket error, and the agent the failure's words and code only", async () => {
    const port = await closedPort();
    const tool = parseToolDefinition({ name: "closed_door", description: "Nothing listens.", request: { method: "GET", url: `http://127.0.0.1:${port}/x` } });
    const response = await executeTool(tool, {}, { config: { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.0/8"] } });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", details: { network_failure: "connection_refused" } });
    expect(response.ok ? "" : response.message).toContain(`127.0.0.1:${port}`);
    const agent = toolResponseToJSON(response);
    expect(agent).toMatchObject({ ok: false, error_type: "execution_error", message: networkFailureMessage("connection_refused"), details: { network_failure: "connection_refused" } });
    expect(JSON.stringify(agent)).not.toContain("127.0.0.1");
    expect(JSON.stringify(agent)).not.toContain(String(port));
  });
});
