/**
 * `npm run tools:check` as an installation runs it: against a SQLite database seeded with a tool
 * that calls a loopback upstream echoing its secret. Passing cases exit 0 with the table; a broken
 * tool exits 1 with the failure and its difference; `--tool` limits the run and an unknown tool or
 * option exits 2. The output never carries the secret.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../lib/audit/events";
import { COMMAND_TEST_TIMEOUT_MS } from "../lib/db/test-support/commands";
import { databaseTargets, useTestDatabase } from "../lib/db/test-support/databases";
import { insertOperator, newSecretValues } from "../lib/db/test-support/fixtures";
import { saveTool } from "../lib/catalog/tool-saves";
import { createTestCase } from "../lib/playground/test-case-queries";
import { secretForms } from "../lib/secrets/forms";
import { generateEncryptionKey, loadKeyring } from "../lib/secrets/keyring";
import { parseToolDefinition, type JsonValue } from "../lib/tools";
import { reply, startUpstream, type Upstream } from "../lib/tools/testing";
import { PROJECT_ROOT } from "../lib/db/migrations/dialect-schemas";

const ENCRYPTION_KEY = generateEncryptionKey();
const keyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: ENCRYPTION_KEY });
const TOKEN = "sk-tools-check-0123456789abcdef";
const sqlite = (await databaseTargets()).filter((target) => target.name === "sqlite");

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    if (request.url.startsWith("/ok")) reply(response, 200, { status: "open", echoed: String(request.headers.authorization) });
    else reply(response, 500, { error: `down for ${String(request.headers.authorization)}` });
  });
});
afterAll(() => upstream.close());

interface Run {
  readonly code: number;
  readonly output: string;
}

describe.each(sqlite)("npm run tools:check on $name", (target) => {
  const db = useTestDatabase(target);

  function toolsCheck(...args: string[]): Promise<Run> {
    const tsx = path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs");
    const env = { ...process.env, DATABASE_URL: target.url, QUIVER_ENCRYPTION_KEY: ENCRYPTION_KEY, QUIVER_DESTINATION_ALLOWLIST: "127.0.0.1" };
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [tsx, "--conditions=react-server", "scripts/tools-check.ts", ...args],
        { cwd: PROJECT_ROOT, env, timeout: COMMAND_TEST_TIMEOUT_MS },
        (error, stdout, stderr) => {
          const output = stdout + stderr;
          for (const form of secretForms(TOKEN)) expect(output, `${form.name} form of the secret`).not.toContain(form.text);
          resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, output });
        },
      );
    });
  }

  async function seed(path: string) {
    const actor = await insertOperator(db(), "ops@example.com");
    const definition = parseToolDefinition({
      name: "order_status",
      description: "Reads an order's status.",
      request: { method: "GET", url: `${upstream.origin}${path}`, headers: { Authorization: "" } },
      response: { extract: "json_path", path: "status" },
      secret_headers: ["Authorization"],
    });
    await saveTool({ definition, secrets: newSecretValues(keyring, { Authorization: `Bearer ${TOKEN}` }), baseVersion: null, actor });
    const expectations: JsonValue = [{ kind: "outcome", equals: "success" }, { kind: "result_equals", value: "open" }];
    await createTestCase({ toolName: "order_status", name: "open order", arguments: {}, context: {}, expectations }, actor);
    await createTestCase({ toolName: "convert_units", name: "km to m", arguments: { value: 1, from: "km", to: "m" }, context: {}, expectations: [{ kind: "json_path_equals", path: "result", value: 1000 }] }, actor);
  }

  it("exits 0 with a table when every case passes", async () => {
    await seed("/ok");
    const run = await toolsCheck();
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/^TOOL\s+CASE\s+RESULT\s+FIRST DIFFERENCE$/m);
    expect(run.output).toMatch(/^convert_units\s+km to m\s+pass$/m);
    expect(run.output).toMatch(/^order_status\s+open order\s+pass$/m);
    expect(run.output).toContain("2 checked: 2 passed, 0 failed.");
  }, COMMAND_TEST_TIMEOUT_MS);

  it("exits 1 and shows the first difference when a case fails; --tool limits the run", async () => {
    await seed("/broken");
    await createTestCase({ toolName: "gone_tool", name: "orphan", arguments: {}, context: {}, expectations: [{ kind: "halts", equals: false }] }, SYSTEM_ACTOR);
    const run = await toolsCheck();
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(/^order_status\s+open order\s+FAIL\s+Outcome is success: expected outcome "success", got "error" \(http_error: Upstream responded with HTTP 500\)$/m);
    expect(run.output).toMatch(/^gone_tool\s+\(all cases\)\s+ERROR\s+the tool no longer exists/m);
    expect(run.output).toContain("3 checked: 1 passed, 2 failed.");

    const one = await toolsCheck("--tool", "convert_units");
    expect(one.code, one.output).toBe(0);
    expect(one.output).not.toContain("order_status");
  }, COMMAND_TEST_TIMEOUT_MS);

  it("prints a control character a stored case name holds as an escape, never raw to the terminal", async () => {
    await seed("/ok");
    const actor = await insertOperator(db(), "older@example.com");
    // Stored by the data layer directly, as a row written before names lost their control characters would be.
    await createTestCase({ toolName: "convert_units", name: "red\u001b[31m alert\u202e", arguments: { value: 1, from: "km", to: "m" }, context: {}, expectations: [] }, actor);
    const run = await toolsCheck("--tool", "convert_units");
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain("red\\x1b[31m alert\\u202e");
    expect(run.output).not.toMatch(/[\u001b\u202e]/);
  }, COMMAND_TEST_TIMEOUT_MS);

  it("exits 2 for an unknown tool or option, running nothing", async () => {
    await seed("/ok");
    const unknown = await toolsCheck("--tool=no_such_tool");
    expect(unknown).toMatchObject({ code: 2 });
    expect(unknown.output).toContain("Unknown tool: no_such_tool");
    const option = await toolsCheck("--all");
    expect(option).toMatchObject({ code: 2 });
    expect(option.output).toContain("Usage: npm run tools:check [-- --tool NAME]");
    expect(await db().testCase.count({ where: { lastRunAt: { not: null } } })).toBe(0);
  }, COMMAND_TEST_TIMEOUT_MS);
});
