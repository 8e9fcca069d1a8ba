/**
 * The playground against a real database (SQLite, and PostgreSQL when reachable) and a loopback
 * upstream: a dry run sends nothing and reads no secret, a fire goes through the agents' path,
 * every string of a run view is masked even when the upstream echoes the secret back, cancelling
 * aborts the upstream request, and every run is kept (fires audited) in the tool's history.
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listAuditEvents } from "../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues } from "../db/test-support/fixtures";
import { recordTestRun } from "./test-runs";
import { getToolSecretsForCall } from "../catalog/tool-secrets";
import { saveTool } from "../catalog/tool-saves";
import { getTool } from "../catalog/tools";
import { NotFoundError, ValidationError } from "../errors";
import { secretForms } from "../secrets/forms";
import { generateEncryptionKey, loadKeyring } from "../secrets/keyring";
import { maskSecret } from "../secrets/mask";
import { parseToolDefinition } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { getPlaygroundRun, getPlaygroundTool, listLatestPlaygroundRuns, listPlaygroundRuns, runInPlayground } from "./playground";
import { DISPLAY_BODY_LIMIT } from "./playground-types";

vi.mock("../catalog/tool-secrets", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../catalog/tool-secrets")>();
  return { ...actual, getToolSecretsForCall: vi.fn(actual.getToolSecretsForCall) };
});

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
const keyring = loadKeyring(process.env);
const TOKEN = "sk-playground-0123456789abcdef";
const targets = await databaseTargets();

let upstream: Upstream;
const hanging: ServerResponse[] = [];
const closedEarly: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const path = request.url.split("?")[0];
    const auth = String(request.headers.authorization ?? "");
    if (path === "/echo") reply(response, 200, { seen: request.headers, url: request.url, token: auth }, { "x-echo-auth": auth });
    else if (path === "/fail") reply(response, 500, { error: `upstream broke for ${auth}` });
    else if (path === "/halt") reply(response, 200, { action: "ESCALATE", reply: "A colleague will call you" });
    else if (path === "/big") reply(response, 200, `${auth}${"x".repeat(DISPLAY_BODY_LIMIT * 2)}`);
    else if (path === "/slow") {
      // Never answers: only the client giving up ends this exchange.
      response.on("close", () => {
        if (!response.writableEnded) closedEarly.push(request.url);
      });
      hanging.push(response);
    } else reply(response, 404, "no such route");
  });
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await upstream.close();
});

const secretReads = vi.mocked(getToolSecretsForCall);
beforeEach(() => {
  secretReads.mockClear();
});

/** Every string of `value` as JSON, and the assertion that no form of the token is in it. */
function expectNoSecret(value: unknown): void {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  for (const form of secretForms(TOKEN)) expect(text, `${form.name} form of the secret`).not.toContain(form.text);
}

describe.each(targets)("playground on $name", (target) => {
  const db = useTestDatabase(target);

  async function saveApiTool(path: string, document: Record<string, unknown> = {}, withSecret = true) {
    const actor = await insertOperator(db(), `ops-${Math.random().toString(36).slice(2)}@example.com`);
    const definition = parseToolDefinition({
      name: "call_api",
      description: "Calls the loopback API.",
      parameters: {
        type: "object",
        properties: { city: { type: "string" }, units: { type: "string", default: "metric" } },
        required: ["city"],
      },
      request: {
        method: "GET",
        url: `${upstream.origin}${path}`,
        headers: { Authorization: "", Accept: "application/json" },
        query: { city: "{{city}}", units: "{{units}}", tenant: "{{ctx.tenant}}" },
      },
      secret_headers: ["Authorization"],
      ...document,
    });
    const secrets = withSecret ? newSecretValues(keyring, { Authorization: `Bearer ${TOKEN}` }) : undefined;
    const saved = await saveTool({ definition, secrets, baseVersion: null, actor });
    return { actor, saved };
  }

  const input = (mode: "dry_run" | "fire", args: unknown = { city: "Oslo" }, context: Record<string, string> = { tenant: "acme" }) => ({
    toolName: "call_api",
    mode,
    arguments: args,
    context,
  });

  it("a dry run sends nothing and reads no secret, shows the stored mask and applies defaults", async () => {
    const { actor } = await saveApiTool("/echo");
    const sent = upstream.requests.length;
    const run = await runInPlayground(input("dry_run", { city: "Oslo" }, { tenant: "acme", chat_id: "  " }), actor);

    expect(upstream.requests.length).toBe(sent);
    expect(secretReads).not.toHaveBeenCalled();
    expect(run).toMatchObject({
      toolName: "call_api",
      toolOrigin: "data",
      toolVersion: 1,
      mode: "dry_run",
      actorEmail: actor.email,
      arguments: { city: "Oslo", units: "metric" },
      context: { tenant: "acme" },
      outcome: { kind: "dry_run" },
      status: null,
      result: null,
      responseBody: null,
      warnings: [],
      suggestedExpectations: [],
    });
    expect(run.request).toEqual({
      method: "GET",
      url: `${upstream.origin}/echo?city=Oslo&units=metric&tenant=acme`,
      headers: { Authorization: maskSecret(`Bearer ${TOKEN}`), Accept: "application/json" },
      body: null,
    });
    expect(run.curl).toContain(`'Authorization: ${maskSecret(`Bearer ${TOKEN}`)}'`);
    expect(await listAuditEvents({ action: "tool.test_fire" })).toMatchObject({ events: [] });
  });

  it("a dry run warns about a secret header with no stored value", async () => {
    const { actor } = await saveApiTool("/echo", {}, false);
    const run = await runInPlayground(input("dry_run"), actor);
    expect(run.warnings).toEqual(["Secret header Authorization has no stored value; a real call would fail."]);
  });

  it("a secret query key (SPEC §1.8): the dry run shows its mask in the URL, a fire sends it and every view masks it", async () => {
    const keyed = { request: { method: "GET", url: `${upstream.origin}/echo`, query: { city: "{{city}}", key: "" } }, secret_headers: [], secret_query: ["key"] };
    const { actor } = await saveApiTool("/echo", keyed, false);
    expect((await runInPlayground(input("dry_run"), actor)).warnings).toEqual(["Secret query key key has no stored value; a real call would fail."]);
    const definition = parseToolDefinition((await getTool("call_api"))!.definition);
    await saveTool({ definition, secrets: newSecretValues(keyring, { "?key": TOKEN }), baseVersion: 1, actor });

    const dry = await runInPlayground(input("dry_run"), actor);
    expect(dry).toMatchObject({ warnings: [], request: { url: `${upstream.origin}/echo?city=Oslo&key=••••` } });
    expect(dry.curl).toBe(`curl '${upstream.origin}/echo?city=Oslo&key=••••'`);

    const fired = await runInPlayground(input("fire"), actor);
    expect(upstream.requests.at(-1)?.url).toBe(`/echo?city=Oslo&key=${TOKEN}`);
    expect(fired.request?.url).toBe(`${upstream.origin}/echo?city=Oslo&key=${maskSecret(TOKEN)}`);
    expectNoSecret(fired);
    expectNoSecret(await listPlaygroundRuns("call_api"));
  });

  it("a fire reads the secrets of the version it runs, and masks the secret the upstream echoes everywhere", async () => {
    const { actor, saved } = await saveApiTool("/echo", { response: { extract: "json_path", path: "token" } });
    const run = await runInPlayground(input("fire"), actor);

    expect(upstream.requests.at(-1)!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(secretReads).toHaveBeenCalledWith(saved.id, 1);
    const mask = maskSecret(`Bearer ${TOKEN}`);
    expect(run).toMatchObject({ mode: "fire", outcome: { kind: "success", halted: false }, status: 200, responseBodyTruncated: false });
    expect(run.responseHeaders!["x-echo-auth"]).toBe(mask);
    expect(run.result).toMatchObject({ ok: true, kind: "json", content: mask });
    expect(run.responseBody).toContain(mask);
    expect(run.curl).toContain(mask);
    expect(run.suggestedExpectations).toContainEqual({ kind: "result_equals", value: mask });
    expectNoSecret(run);
    expectNoSecret(await getPlaygroundRun(run.id));
    const rows = [...(await db().testRun.findMany()), ...(await db().auditEvent.findMany())];
    expectNoSecret(rows);
  });

  it("audits a fire with the tool as target and the arguments, never the response body", async () => {
    const { actor, saved } = await saveApiTool("/halt");
    const run = await runInPlayground(input("fire", { city: "Bergen" }), actor);
    expect(run.outcome).toEqual({ kind: "success", halted: false });

    const { events } = await listAuditEvents({ action: "tool.test_fire" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ targetType: "tool", targetId: saved.id, targetName: "call_api", actorEmail: actor.email });
    expect(events[0]!.after).toMatchObject({ runId: run.id, arguments: { city: "Bergen", units: "metric" }, outcome: "success", status: 200 });
    expect(JSON.stringify(events[0])).not.toContain("colleague");
  });

  it("shows a halt with its say text", async () => {
    const { actor } = await saveApiTool("/halt", { halt_when: { json_path: "action", equals: ["ESCALATE"], say: { json_path: "reply" } } });
    const run = await runInPlayground(input("fire"), actor);
    expect(run.outcome).toEqual({ kind: "halt", say: "A colleague will call you" });
    expect(run.result).toMatchObject({ halt: { say: "A colleague will call you" } });
    expect(run.suggestedExpectations).toContainEqual({ kind: "say_text", equals: "A colleague will call you" });
  });

  it("explains an upstream 500 as a server error, with the secret in its body masked", async () => {
    const { actor } = await saveApiTool("/fail");
    const run = await runInPlayground(input("fire"), actor);
    expect(run.outcome).toMatchObject({
      kind: "error",
      errorType: "http_error",
      message: "Upstream responded with HTTP 500",
      explanation: { summary: expect.stringMatching(/HTTP 5xx/) },
    });
    expect(run.status).toBe(500);
    expect(run.suggestedExpectations).toEqual([
      { kind: "outcome", equals: "error" },
      { kind: "error_type", equals: "http_error" },
      { kind: "http_status", equals: 500 },
    ]);
    expectNoSecret(run);
  });

  it("validates the arguments on the server: a validation_error is recorded and nothing is sent", async () => {
    const { actor } = await saveApiTool("/echo");
    const sent = upstream.requests.length;
    const run = await runInPlayground(input("fire", { city: 7 }), actor);
    expect(run.outcome).toMatchObject({ kind: "error", errorType: "validation_error", message: "Invalid arguments: city must be string" });
    expect(upstream.requests.length).toBe(sent);
    expect(secretReads).not.toHaveBeenCalled();
    expect((await listPlaygroundRuns("call_api")).map((entry) => entry.id)).toEqual([run.id]);
  });

  it("refuses a destination outside the allowlist before any connection", async () => {
    const { actor } = await saveApiTool("/echo", { request: { method: "GET", url: `http://127.0.0.2:${upstream.port}/echo` }, secret_headers: [] });
    const run = await runInPlayground(input("fire"), actor);
    expect(run.outcome).toMatchObject({ kind: "error", errorType: "blocked_destination", explanation: { summary: expect.stringMatching(/no connection/) } });
  });

  it("keeps at most 64 KiB of a large body, and of a result holding it, for display and says so", async () => {
    const { actor } = await saveApiTool("/big");
    const run = await runInPlayground(input("fire"), actor);
    expect(run.responseBodyTruncated).toBe(true);
    expect(run.responseBody).toHaveLength(DISPLAY_BODY_LIMIT);
    expect(run.responseBody!.startsWith(maskSecret(`Bearer ${TOKEN}`))).toBe(true);
    expect(run.result).toMatchObject({ ok: true, kind: "text", content: run.responseBody });
    expect(run.warnings).toEqual([expect.stringMatching(new RegExp(`^The result is \\d+ characters long; the first ${DISPLAY_BODY_LIMIT} are shown\\.$`))]);
    expectNoSecret(run);
  });

  it("cancelling aborts the upstream request: the run is a cancelled execution_error", async () => {
    const { actor } = await saveApiTool("/slow", { timeout: 30 });
    const controller = new AbortController();
    const pending = runInPlayground(input("fire", { city: "Cancel" }), actor, { signal: controller.signal });
    await vi.waitFor(() => expect(upstream.requests.some((request) => request.url.includes("city=Cancel"))).toBe(true));
    controller.abort();
    const run = await pending;
    expect(run.outcome).toMatchObject({ kind: "error", errorType: "execution_error", message: "Tool execution was cancelled" });
    await vi.waitFor(() => expect(closedEarly.some((url) => url.includes("city=Cancel"))).toBe(true));
  });

  it("keeps each tool's runs newest first, 50 by default, and finds one by id", async () => {
    const { actor } = await saveApiTool("/echo");
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) ids.push((await runInPlayground(input("dry_run", { city: `c${index}` }), actor)).id);
    await runInPlayground({ toolName: "convert_units", mode: "dry_run", arguments: {}, context: {} }, actor);

    const runs = await listPlaygroundRuns("call_api");
    expect(runs.map((run) => run.id)).toEqual([...ids].reverse());
    expect((await listPlaygroundRuns("call_api", { limit: 2 })).map((run) => run.id)).toEqual([ids[2], ids[1]]);
    const replayed = await getPlaygroundRun(ids[0]!);
    expect(replayed).toEqual(runs[2]);
    expect(replayed!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await getPlaygroundRun(999_999)).toBeNull();
    const latest = await listLatestPlaygroundRuns(["call_api", "convert_units", "never_run"]);
    expect([...latest.keys()].sort()).toEqual(["call_api", "convert_units"]);
    expect(latest.get("call_api")).toEqual(runs[0]);

    for (let index = 0; index < 50; index += 1) {
      await recordTestRun({ toolName: "call_api", actor, mode: "dry_run", arguments: {}, context: {}, response: {} });
    }
    expect(await listPlaygroundRuns("call_api")).toHaveLength(50);
    expect(await listPlaygroundRuns("call_api", { limit: 1000 })).toHaveLength(53);
  });

  it("dry-runs and fires a code tool through callWithValidation", async () => {
    const actor = await insertOperator(db(), "code@example.com");
    const args = { value: 1, from: "km", to: "m" };
    const dry = await runInPlayground({ toolName: "convert_units", mode: "dry_run", arguments: args, context: {} }, actor);
    expect(dry).toMatchObject({ toolOrigin: "code", toolVersion: null, outcome: { kind: "dry_run" }, request: null, curl: null, result: null });
    expect(dry.warnings[0]).toMatch(/sends no HTTP request/);

    const fired = await runInPlayground({ toolName: "convert_units", mode: "fire", arguments: args, context: {} }, actor);
    expect(fired.outcome).toEqual({ kind: "success", halted: false });
    expect(fired.result).toMatchObject({ ok: true, content: { value: 1, from: "km", to: "m", result: 1000 } });
    expect(fired.suggestedExpectations).toContainEqual({ kind: "json_path_equals", path: "result", value: 1000 });

    const bad = await runInPlayground({ toolName: "convert_units", mode: "dry_run", arguments: { value: "x" }, context: {} }, actor);
    expect(bad.outcome).toMatchObject({ kind: "error", errorType: "validation_error" });
    const { events } = await listAuditEvents({ action: "tool.test_fire" });
    expect(events.map((event) => event.targetId)).toEqual(["code:convert_units"]);
  });

  it("refuses an unknown tool, a bad mode and unknown context fields, recording nothing", async () => {
    const { actor } = await saveApiTool("/echo");
    await expect(runInPlayground({ ...input("fire"), toolName: "nope" }, actor)).rejects.toBeInstanceOf(NotFoundError);
    await expect(runInPlayground({ ...input("fire"), mode: "send" as never }, actor)).rejects.toMatchObject({
      issues: [{ path: "mode", message: "must be dry_run or fire" }],
    });
    const error = await runInPlayground(input("dry_run", {}, { colour: "red", tenant: 5 as never }), actor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["context.colour", "context.tenant"]);
    expect(await db().testRun.count()).toBe(0);
  });

  it("describes a tool for the Test panel", async () => {
    await saveApiTool("/echo", { request: { method: "POST", url: `${upstream.origin}/echo`, body: { city: "{{city}}" } }, secret_headers: [] });
    expect(await getPlaygroundTool("call_api")).toMatchObject({
      name: "call_api",
      origin: "data",
      version: 1,
      sideEffect: true,
      method: "POST",
      host: upstream.origin.slice("http://".length),
      parameters: { properties: { units: { default: "metric" } } },
    });
    expect(await getPlaygroundTool("convert_units")).toMatchObject({ origin: "code", version: null, method: null, host: null, sideEffect: false });
    expect(await getPlaygroundTool("nope")).toBeNull();
  });
});
