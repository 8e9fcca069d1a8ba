import { describe, expect, it } from "vitest";
import { secretForms } from "../secrets/forms";
import { maskSecret } from "../secrets/mask";
import { listAuditEvents } from "../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { getTestRun, listLatestTestRuns, listTestRuns, recordTestRun } from "./test-runs";

const targets = await databaseTargets();
const actor = { id: null, email: "ana@example.com" };

describe.each(targets)("test runs on $name", (target) => {
  const db = useTestDatabase(target);

  it("keeps runs per tool, newest first, with their JSON intact", async () => {
    const response = { type: "json", value: { z: 1, a: [true, null] }, metadata: { status: 200 } };
    const weather = { toolName: "get_weather", actor, response };
    const first = await recordTestRun({ ...weather, mode: "dry_run", arguments: { city: "Oslo" }, context: {} });
    await recordTestRun({ toolName: "other_tool", actor, mode: "fire", arguments: {}, context: {}, response: null });
    const second = await recordTestRun({ ...weather, mode: "fire", arguments: { city: "Bergen" }, context: { tenant: "t1" } });

    const runs = await listTestRuns("get_weather");
    expect(runs.map((run) => [run.id, run.number])).toEqual([[second.id, 2], [first.id, 1]]);
    expect(runs[1]).toMatchObject({ mode: "dry_run", actorEmail: "ana@example.com", arguments: { city: "Oslo" } });
    expect(JSON.stringify(runs[0]!.response)).toBe(JSON.stringify(response));
    expect(await listTestRuns("get_weather", 1)).toHaveLength(1);
    expect(await getTestRun(second.id)).toEqual(second);
    expect(await getTestRun(-1)).toBeNull();

    const latest = await listLatestTestRuns(["get_weather", "other_tool", "never_run"]);
    expect(latest.map((run) => [run.toolName, run.mode])).toEqual([["get_weather", "fire"], ["other_tool", "fire"]]);
    expect(latest[0]).toEqual(second);
    expect(await listLatestTestRuns([])).toEqual([]);
  });

  it("numbers each tool's runs from 1, whatever the other tools' runs, the same in every read", async () => {
    const run = (toolName: string) => recordTestRun({ toolName, actor, mode: "dry_run", arguments: {}, context: {}, response: null });
    const recorded = [];
    for (const toolName of ["create_order", "lookup_order", "create_order", "lookup_order", "lookup_order", "create_order"]) recorded.push(await run(toolName));
    expect(recorded.map((entry) => [entry.toolName, entry.number])).toEqual([
      ["create_order", 1],
      ["lookup_order", 1],
      ["create_order", 2],
      ["lookup_order", 2],
      ["lookup_order", 3],
      ["create_order", 3],
    ]);
    expect((await listTestRuns("create_order")).map((entry) => entry.number)).toEqual([3, 2, 1]);
    expect((await listTestRuns("lookup_order", 2)).map((entry) => entry.number)).toEqual([3, 2]);
    expect(await getTestRun(recorded[2]!.id)).toEqual(recorded[2]);
    expect((await listLatestTestRuns(["create_order", "lookup_order"])).map((entry) => [entry.toolName, entry.number])).toEqual([
      ["create_order", 3],
      ["lookup_order", 3],
    ]);
    expect(await listTestRuns("never_run")).toEqual([]);
  });

  it("masks every form of the secrets it is given, in arguments, context and response, before storing", async () => {
    const token = "sk-live-run/0123+456789&x";
    const password = "hunter2-but-longer";
    const basic = Buffer.from(`ana:${password}`).toString("base64");
    const run = await recordTestRun({
      toolName: "get_weather",
      actor,
      mode: "fire",
      arguments: { apiKey: token, nested: [{ deep: `Bearer ${token}` }] },
      context: { [token]: "as a key", note: `password=${password}` },
      response: {
        type: "error",
        message: `upstream echoed Authorization: Bearer ${token}`,
        metadata: { url: `https://api.example.com/x?key=${encodeURIComponent(token)}`, auth: `Basic ${basic}` },
      },
      secretsToRedact: [token, password],
    });

    const [row] = await db().testRun.findMany();
    const stored = [row!.arguments, row!.context, row!.response].join("\n");
    for (const secret of [token, password]) {
      for (const form of secretForms(secret)) expect(stored, `${form.name} form of a secret`).not.toContain(form.text);
    }
    expect(stored).toContain(maskSecret(token));
    expect(run.arguments).toEqual({ apiKey: maskSecret(token), nested: [{ deep: `Bearer ${maskSecret(token)}` }] });
    expect(run.context).toEqual({ [maskSecret(token)]: "as a key", note: `password=${maskSecret(password)}` });
    expect((await listTestRuns("get_weather"))[0]).toEqual(run);
  });

  it("audits a fire with the run, masked, in the same transaction", async () => {
    const token = "sk-live-audited-0123456789";
    const fire = { toolName: "get_weather", mode: "fire" as const, arguments: { key: token }, context: {}, response: { body: "kept out" } };
    const audit = { targetId: "tool-1", summary: { arguments: { key: token }, outcome: "success" } };
    const run = await recordTestRun({ ...fire, actor, audit, secretsToRedact: [token] });

    const [event] = (await listAuditEvents({ action: "tool.test_fire" })).events;
    expect(event).toMatchObject({ targetType: "tool", targetId: "tool-1", targetName: "get_weather", actorEmail: actor.email, before: null });
    expect(event!.after).toEqual({ runId: run.id, arguments: { key: maskSecret(token) }, outcome: "success" });

    // An actor that does not exist fails the audit insert, and the run goes with it.
    const ghost = { id: "no-such-user", email: "ghost@example.com" };
    await expect(recordTestRun({ ...fire, actor: ghost, audit })).rejects.toThrow();
    expect(await listTestRuns("get_weather")).toHaveLength(1);
  });
});
