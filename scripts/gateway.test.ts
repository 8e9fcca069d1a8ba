/**
 * `npm run gateway` as a process (issue 23), run as package.json says: it refuses a bad listen address naming the variable;
 * it serves the runtime API on its port; and SIGTERM (or SIGINT) right after a burst of calls —
 * a restart — loses no call-log row: the process exits 0 once every row is written, and with an
 * OpenTelemetry endpoint configured, every call's spans have reached the collector by then. A
 * malformed tracing endpoint or metrics token stops it at start, naming the variable.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATEWAY_ARGS, GATEWAY_COMMAND } from "../e2e/support/app-server";
import { SYSTEM_ACTOR } from "../lib/audit/events";
import { createApiKey } from "../lib/agent-door/api-keys";
import { saveTool } from "../lib/catalog/tool-saves";
import { PROJECT_ROOT } from "../lib/db/migrations/dialect-schemas";
import { COMMAND_TEST_TIMEOUT_MS } from "../lib/db/test-support/commands";
import { databaseTargets, useTestDatabase } from "../lib/db/test-support/databases";
import { createPersona } from "../lib/personas/server/personas";
import { generateEncryptionKey } from "../lib/secrets/keyring";
import { parseToolDefinition } from "../lib/tools";
import { reply, startUpstream, type Upstream } from "../lib/tools/testing";

const sqlite = (await databaseTargets()).filter((target) => target.name === "sqlite");
const PORT = 3117;

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((_request, response) => reply(response, 200, { status: "open" }));
});
afterAll(() => upstream.close());

interface Exit {
  readonly code: number | null;
  readonly output: string;
}

/** Starts the gateway script with `env`; `exited` resolves with its exit code and output. */
function gatewayProcess(env: Record<string, string>): { child: ChildProcess; exited: Promise<Exit> } {
  const child = spawn(process.execPath, [...GATEWAY_ARGS], { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code) => resolve({ code, output })));
  return { child, exited };
}

it("is what npm run gateway runs", () => {
  const scripts = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
  expect(scripts.gateway).toBe(GATEWAY_COMMAND);
});

describe.each(sqlite)("npm run gateway on $name", (target) => {
  const db = useTestDatabase(target);
  const baseEnv = () => ({
    DATABASE_URL: target.url,
    QUIVER_ENCRYPTION_KEY: generateEncryptionKey(),
    NEXTAUTH_SECRET: "gateway-test-secret-0123456789abcdef",
    NEXTAUTH_URL: "http://127.0.0.1:3000",
    QUIVER_DESTINATION_ALLOWLIST: "127.0.0.1",
    QUIVER_GATEWAY_PORT: String(PORT),
  });

  it("refuses a listen address it cannot use, naming the variable", async () => {
    const { exited } = gatewayProcess({ ...baseEnv(), QUIVER_GATEWAY_PORT: "70000" });
    const { code, output } = await exited;
    expect(code).toBe(1);
    expect(output).toContain('QUIVER_GATEWAY_PORT must be a port number from 1 to 65535, found "70000"');
  }, COMMAND_TEST_TIMEOUT_MS);

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" }, "OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL"],
    [{ QUIVER_METRICS_TOKEN: "short" }, "QUIVER_METRICS_TOKEN must be at least 16 characters"],
  ])("refuses to start with %o, naming the variable", async (bad, message) => {
    const { exited } = gatewayProcess({ ...baseEnv(), ...bad });
    const { code, output } = await exited;
    expect(code).toBe(1);
    expect(output).toContain(message);
  }, COMMAND_TEST_TIMEOUT_MS);

  it.each(["SIGTERM", "SIGINT"] as const)("serves calls, and on %s writes every call-log row before it exits", async (signal) => {
    const definition = parseToolDefinition({ name: "order_status", description: "Reads an order.", request: { method: "GET", url: `${upstream.origin}/orders` }, response: { extract: "json_path", path: "status" } });
    await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    await createPersona({ slug: "support", name: "Support", grant: ["order_status"] }, SYSTEM_ACTOR);
    const { token } = await createApiKey({ name: "gateway", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    // A loopback OpenTelemetry collector: what the OTLP/HTTP exporter posts to /v1/traces.
    const exports: string[] = [];
    const collector = await startUpstream((request, response) => {
      if (request.method === "POST" && request.url === "/v1/traces") exports.push(request.body);
      reply(response, 200, {});
    });
    const { child, exited } = gatewayProcess({ ...baseEnv(), OTEL_EXPORTER_OTLP_ENDPOINT: collector.origin, OTEL_SERVICE_NAME: "quiver-gateway-test" });
    const origin = `http://127.0.0.1:${PORT}`;
    await expect.poll(() => fetch(`${origin}/api/v1/openapi.json`).then((response) => response.status, () => 0), { timeout: 60_000, interval: 250 }).toBe(200);
    const calls = 20;
    const answers = await Promise.all(
      Array.from({ length: calls }, () =>
        fetch(`${origin}/api/v1/personas/support/tools/order_status/call`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: "{}" }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(calls).fill(200));
    // At once: the rows are still in the buffer (written every 500 ms).
    child.kill(signal);
    const { code, output } = await exited;
    expect(code, output).toBe(0);
    expect(await db().callLog.count()).toBe(calls);
    // The spans still buffered were sent before the exit, under the configured service name.
    await collector.close();
    const sent = exports.join("\n");
    expect(sent).toContain('"quiver-gateway-test"');
    expect(sent.match(/"name":"execute_tool order_status"/g)).toHaveLength(calls);
    expect(sent).toContain('"name":"POST /api/v1/personas/{slug}/tools/{name}/call"');
    expect(sent).not.toContain(token);
  }, COMMAND_TEST_TIMEOUT_MS);
});
