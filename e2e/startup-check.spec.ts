/**
 * Protects the start-up check: a server started with a missing, malformed or wrong encryption
 * key, or other bad configuration, refuses to start, saying which variable to fix, instead of
 * serving pages that cannot decrypt secrets or fail one request at a time. It starts extra app servers (`npm start`'s one-port server) on the e2e database (read-only use).
 */
import { generateEncryptionKey } from "../lib/secrets/keyring";
import { expect, test } from "./fixtures/test";
import { spawnAppServer } from "./support/app-server";
import { E2E_SERVER_ENV, E2E_SPARE_PORT } from "./support/environment";

const START_TIMEOUT_MS = 60_000;

/** Runs the app's server with the e2e environment changed by `overrides`; resolves with its exit code and output. */
function startServerWith(overrides: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const server = spawnAppServer(E2E_SPARE_PORT, { ...process.env, ...E2E_SERVER_ENV, ...overrides, NEXT_TELEMETRY_DISABLED: "1" }, ["ignore", "pipe", "pipe"]);
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const giveUp = setTimeout(() => process.kill(-server.pid!, "SIGKILL"), START_TIMEOUT_MS);
    server.on("exit", (code) => {
      clearTimeout(giveUp);
      resolve({ code, output });
    });
  });
}

test.describe.configure({ timeout: START_TIMEOUT_MS + 10_000 });

const cases = [
  { label: "missing", key: "", says: /QUIVER_ENCRYPTION_KEY is missing/ },
  { label: "malformed", key: "not-a-key", says: /QUIVER_ENCRYPTION_KEY/ },
  { label: "wrong", key: generateEncryptionKey(), says: /Stored secrets were encrypted with key id k_\w+.*QUIVER_ENCRYPTION_KEY/s },
];

for (const { label, key, says } of cases) {
  test(`a ${label} key stops the server at start-up, naming the variable`, async () => {
    const { code, output } = await startServerWith({ QUIVER_ENCRYPTION_KEY: key });
    expect(code).toBe(1);
    expect(output).toContain("Quiver cannot start:");
    expect(output).toMatch(says);
    if (key) expect(output).not.toContain(key);
  });
}

test("an out-of-range tool setting stops the server at start-up, naming the variable", async () => {
  const { code, output } = await startServerWith({ QUIVER_TOOL_TIMEOUT_SECONDS: "500" });
  expect(code).toBe(1);
  expect(output).toMatch(/Quiver cannot start: QUIVER_TOOL_TIMEOUT_SECONDS/);
});

test("a host name list for the MCP endpoint that is not host names stops the server at start-up, naming the variable", async () => {
  const { code, output } = await startServerWith({ QUIVER_ALLOWED_HOSTS: "https://quiver.internal" });
  expect(code).toBe(1);
  expect(output).toMatch(/Quiver cannot start: QUIVER_ALLOWED_HOSTS must list host names without scheme or port/);
});

test("half a single sign-on configuration stops the server at start-up, naming what is missing", async () => {
  const { code, output } = await startServerWith({ QUIVER_OIDC_ISSUER: "https://login.example.com" });
  expect(code).toBe(1);
  expect(output).toMatch(/Quiver cannot start: QUIVER_OIDC_CLIENT_ID is required/);
});
