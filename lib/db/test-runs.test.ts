import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "./test-support/databases";
import { getTestRun, listTestRuns, recordTestRun } from "./test-runs";

const targets = await databaseTargets();
const actor = { id: null, email: "ana@example.com" };

describe.each(targets)("test runs on $name", (target) => {
  useTestDatabase(target);

  it("keeps runs per tool, newest first, with their JSON intact", async () => {
    const response = { type: "json", value: { z: 1, a: [true, null] }, metadata: { status: 200 } };
    const weather = { toolName: "get_weather", actor, response };
    const first = await recordTestRun({ ...weather, mode: "dry_run", arguments: { city: "Oslo" }, context: {} });
    await recordTestRun({ toolName: "other_tool", actor, mode: "fire", arguments: {}, context: {}, response: null });
    const second = await recordTestRun({ ...weather, mode: "fire", arguments: { city: "Bergen" }, context: { tenant: "t1" } });

    const runs = await listTestRuns("get_weather");
    expect(runs.map((run) => run.id)).toEqual([second.id, first.id]);
    expect(runs[1]).toMatchObject({ mode: "dry_run", actorEmail: "ana@example.com", arguments: { city: "Oslo" } });
    expect(JSON.stringify(runs[0]!.response)).toBe(JSON.stringify(response));
    expect(await listTestRuns("get_weather", 1)).toHaveLength(1);
    expect(await getTestRun(second.id)).toEqual(second);
    expect(await getTestRun(-1)).toBeNull();
  });
});
