/**
 * Saved test cases end to end against a real database and a loopback upstream: saving and editing
 * check the name (a taken one next to the field), arguments, context and expectations alike, an
 * edited case runs with its new expectations, "Run all" fires each case and reports expected vs
 * actual, one case runs alone, every case's fire is in the tool's run history under the case's
 * name and audited once, results are masked even when the upstream echoes the secret, and each
 * tool's health follows its cases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues } from "../db/test-support/fixtures";
import { saveTool } from "../catalog/tool-saves";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { secretForms } from "../secrets/forms";
import { generateEncryptionKey, loadKeyring } from "../secrets/keyring";
import { maskSecret } from "../secrets/mask";
import { parseToolDefinition } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { listAuditEvents } from "../audit/audit-log";
import { listPlaygroundRuns, runInPlayground } from "./playground";
import { deleteTestCase, listTestCases, listToolHealth, runTestCase, runTestCases, saveTestCase, updateTestCase, type TestCaseInput } from "./test-cases";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
const keyring = loadKeyring(process.env);
const TOKEN = "sk-cases-0123456789abcdef";
const targets = await databaseTargets();

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const path = request.url.split("?")[0];
    if (path === "/ok") reply(response, 200, { data: { status: "open", token: String(request.headers.authorization) } });
    else reply(response, 500, { error: "down" });
  });
});
afterAll(() => upstream.close());

describe.each(targets)("test cases on $name", (target) => {
  const db = useTestDatabase(target);

  async function saveOrderTool(path = "/ok") {
    const actor = await insertOperator(db(), `ops-${Math.random().toString(36).slice(2)}@example.com`);
    const definition = parseToolDefinition({
      name: "order_status",
      description: "Reads an order's status.",
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      request: { method: "GET", url: `${upstream.origin}${path}?id={{id}}`, headers: { Authorization: "" } },
      response: { extract: "json_path", path: "data.status" },
      secret_headers: ["Authorization"],
    });
    await saveTool({ definition, secrets: newSecretValues(keyring, { Authorization: `Bearer ${TOKEN}` }), baseVersion: null, actor });
    return actor;
  }

  async function breakOrderTool(actor: Awaited<ReturnType<typeof saveOrderTool>>) {
    const definition = parseToolDefinition({
      name: "order_status",
      description: "Reads an order's status.",
      parameters: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
      request: { method: "GET", url: `${upstream.origin}/broken?id={{id}}`, headers: { Authorization: "" } },
      response: { extract: "json_path", path: "data.status" },
      secret_headers: ["Authorization"],
    });
    await saveTool({ definition, baseVersion: 1, actor });
  }

  const smoke = (overrides: Partial<TestCaseInput> = {}): TestCaseInput => ({
    toolName: "order_status",
    name: "open order",
    arguments: { id: "A-1" },
    context: {},
    expectations: [
      { kind: "outcome", equals: "success" },
      { kind: "http_status", equals: 200 },
      { kind: "result_equals", value: "open" },
      { kind: "json_path_matches", path: "data.status", pattern: "^op" },
    ],
    ...overrides,
  });

  it("saves a case with a trimmed name and lists it with no last run", async () => {
    const actor = await saveOrderTool();
    const saved = await saveTestCase(smoke({ name: "  open order  " }), actor);
    expect(saved).toMatchObject({ toolName: "order_status", name: "open order", arguments: { id: "A-1" }, lastRun: null, createdBy: actor.email });
    expect(await listTestCases("order_status")).toEqual([saved]);
  });

  const REFUSALS: [string, Partial<TestCaseInput>, string[]][] = [
    ["a blank name", { name: "   " }, ["name"]],
    ["a name over 80 characters", { name: "x".repeat(81) }, ["name"]],
    ["arguments that are not an object", { arguments: [1] }, ["arguments"]],
    ["an unknown context field", { context: { colour: "red" } }, ["context.colour"]],
    ["bad expectations", { expectations: [{ kind: "nope" }, { kind: "json_path_matches", path: "a", pattern: "(" }] }, ["expectations.0.kind", "expectations.1.pattern"]],
    ["no expectations", { expectations: [] }, ["expectations"]],
  ];

  it.each(REFUSALS)("refuses %s with the path of each problem, saving nothing", async (_name, overrides, paths) => {
    const actor = await saveOrderTool();
    const error = await saveTestCase(smoke(overrides), actor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(paths);
    expect(await db().testCase.count()).toBe(0);
  });

  it.each(REFUSALS)("refuses an edit to %s with the path of each problem, changing nothing", async (_name, overrides, paths) => {
    const actor = await saveOrderTool();
    const saved = await saveTestCase(smoke(), actor);
    const error = await updateTestCase({ ...smoke(overrides), id: saved.id, basedOn: saved.updatedAt }, actor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(paths);
    expect(await listTestCases("order_status")).toEqual([saved]);
  });

  it("accepts a name of exactly 80 characters, refuses a taken one next to the name field, and an unknown tool", async () => {
    const actor = await saveOrderTool();
    await expect(saveTestCase(smoke({ name: "é".repeat(80) }), actor)).resolves.toMatchObject({ name: "é".repeat(80) });
    await saveTestCase(smoke(), actor);
    const taken = [{ path: "name", message: 'Tool order_status already has a test case named "open order"; choose another name.' }];
    await expect(saveTestCase(smoke({ name: " open order " }), actor)).rejects.toThrow(expect.objectContaining({ issues: taken }));
    await expect(saveTestCase(smoke({ toolName: "no_such_tool" }), actor)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("edits a case: its own name stays free, another case's is refused, and the next run judges the new expectations", async () => {
    const actor = await saveOrderTool();
    await saveTestCase(smoke({ name: "other" }), actor);
    const saved = await saveTestCase(smoke(), actor);
    const rename = updateTestCase({ ...smoke({ name: "other" }), id: saved.id, basedOn: saved.updatedAt }, actor);
    await expect(rename).rejects.toThrow(expect.objectContaining({ issues: [{ path: "name", message: expect.stringContaining('named "other"') }] }));
    await expect(updateTestCase({ ...smoke(), id: saved.id, basedOn: "yesterday" }, actor)).rejects.toThrow(expect.objectContaining({ issues: [{ path: "basedOn", message: expect.any(String) }] }));

    const edited = await updateTestCase({ ...smoke({ expectations: [{ kind: "http_status", equals: 201 }] }), id: saved.id, basedOn: saved.updatedAt }, actor);
    expect(edited).toMatchObject({ id: saved.id, name: "open order", expectations: [{ kind: "http_status", equals: 201 }], lastRun: null });
    const [failing] = await runTestCases("order_status", actor, { caseIds: [saved.id] });
    expect(failing!.results).toMatchObject([{ label: "HTTP status is 201", passed: false, expected: 201, actual: 200 }]);

    const fixed = await updateTestCase({ ...smoke({ name: " fixed " }), id: saved.id, basedOn: edited.updatedAt }, actor);
    expect(fixed.name).toBe("fixed");
    await expect(updateTestCase({ ...smoke(), id: saved.id, basedOn: edited.updatedAt }, actor)).rejects.toBeInstanceOf(ConflictError);
    const [passing] = await runTestCases("order_status", actor, { caseIds: [saved.id] });
    expect(passing!.passed).toBe(true);
  });

  it("runs all cases: a passing case passes, the tool is broken, and the failure shows expected vs actual", async () => {
    const actor = await saveOrderTool();
    const saved = await saveTestCase(smoke(), actor);
    expect(await listToolHealth()).toEqual(new Map([["order_status", "never_run"]]));

    const [passing] = await runTestCases("order_status", actor);
    expect(passing).toMatchObject({ caseId: saved.id, name: "open order", passed: true, run: { mode: "fire", status: 200, testCase: { id: saved.id, name: "open order" } } });
    expect(passing!.results.every((result) => result.passed)).toBe(true);
    expect(await listToolHealth(["order_status"])).toEqual(new Map([["order_status", "passing"]]));

    await breakOrderTool(actor);
    const [failing] = await runTestCases("order_status", actor);
    expect(failing!.passed).toBe(false);
    expect(failing!.results.find((result) => !result.passed)).toMatchObject({
      label: "Outcome is success",
      expected: "success",
      actual: "error",
      difference: 'expected outcome "success", got "error" (http_error: Upstream responded with HTTP 500)',
    });
    expect(failing!.results.find((result) => result.label === "HTTP status is 200")).toMatchObject({ passed: false, actual: 500 });
    expect(failing!.results.find((result) => result.label === "data.status matches /^op/")).toMatchObject({ passed: false, difference: "data.status is missing" });

    const [stored] = await listTestCases("order_status");
    expect(stored!.lastRun).toMatchObject({ by: actor.email, passed: false, results: failing!.results });
    expect(await listToolHealth()).toEqual(new Map([["order_status", "failing"]]));
  });

  it("keeps every case's fire in the tool's run history under the case's name, numbered among the tool's runs, and audits it once", async () => {
    const actor = await saveOrderTool();
    const first = await saveTestCase(smoke({ name: "first" }), actor);
    const second = await saveTestCase(smoke({ name: "second", expectations: [{ kind: "http_status", equals: 201 }] }), actor);
    const fromForm = await runInPlayground({ toolName: "order_status", mode: "fire", arguments: { id: "A-1" }, context: {} }, actor);
    const results = await runTestCases("order_status", actor);

    const history = await listPlaygroundRuns("order_status");
    expect(history.map((run) => [run.number, run.testCase?.name ?? null])).toEqual([
      [3, "second"],
      [2, "first"],
      [1, null],
    ]);
    expect(history.slice(0, 2)).toEqual(results.map((result) => result.run).reverse());
    expect(fromForm.testCase).toBeNull();

    const fires = (await listAuditEvents({ action: "tool.test_fire" })).events;
    expect(fires).toHaveLength(3);
    expect(fires.map((event) => event.after)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ runId: history[0]!.id, testCase: "second", caseId: second.id, passed: false, status: 200 }),
        expect.objectContaining({ runId: history[1]!.id, testCase: "first", caseId: first.id, passed: true, outcome: "success" }),
      ]),
    );
  });

  it("runs one case alone, and refuses one that is gone", async () => {
    const actor = await saveOrderTool();
    await saveTestCase(smoke({ name: "first" }), actor);
    const second = await saveTestCase(smoke({ name: "second" }), actor);
    const sent = upstream.requests.length;
    const result = await runTestCase("order_status", second.id, actor);
    expect(upstream.requests.length - sent).toBe(1);
    expect(result).toMatchObject({ caseId: second.id, name: "second", passed: true, run: { testCase: { id: second.id, name: "second" } } });
    expect((await listTestCases("order_status")).map((entry) => entry.lastRun?.passed ?? null)).toEqual([null, true]);

    await deleteTestCase(second.id, actor);
    await expect(runTestCase("order_status", second.id, actor)).rejects.toBeInstanceOf(NotFoundError);
    await expect(runTestCase("no_such_tool", second.id, actor)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("masks the secret the upstream echoes in results, stored results and the run", async () => {
    const actor = await saveOrderTool();
    await saveTestCase(smoke({ expectations: [{ kind: "json_path_equals", path: "data.token", value: "something else" }] }), actor);
    const [result] = await runTestCases("order_status", actor);
    expect(result!.results[0]).toMatchObject({ passed: false, actual: maskSecret(`Bearer ${TOKEN}`) });
    const texts = [JSON.stringify(result), JSON.stringify(await db().testCase.findMany()), JSON.stringify(await db().auditEvent.findMany())];
    for (const text of texts) for (const form of secretForms(TOKEN)) expect(text).not.toContain(form.text);
  });

  it("runs only the chosen cases, and health is failing over never run over passing", async () => {
    const actor = await saveOrderTool();
    const first = await saveTestCase(smoke({ name: "first" }), actor);
    const second = await saveTestCase(smoke({ name: "second", expectations: [{ kind: "http_status", equals: 201 }] }), actor);
    expect((await runTestCases("order_status", actor, { caseIds: [first.id] })).map((result) => result.name)).toEqual(["first"]);
    expect(await listToolHealth()).toEqual(new Map([["order_status", "never_run"]]));
    await runTestCases("order_status", actor, { caseIds: [second.id] });
    expect(await listToolHealth()).toEqual(new Map([["order_status", "failing"]]));
    await deleteTestCase(second.id, actor);
    expect(await listToolHealth()).toEqual(new Map([["order_status", "passing"]]));
    expect(await listToolHealth(["other_tool"])).toEqual(new Map());
    await expect(runTestCases("no_such_tool", actor)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("runs a code tool's cases", async () => {
    const actor = await insertOperator(db(), "code@example.com");
    const args = { value: 2, from: "km", to: "m" };
    await saveTestCase({ toolName: "convert_units", name: "km to m", arguments: args, context: {}, expectations: [{ kind: "json_path_equals", path: "result", value: 2000 }] }, actor);
    const [result] = await runTestCases("convert_units", actor);
    expect(result).toMatchObject({ passed: true, run: { toolOrigin: "code" } });
  });
});
