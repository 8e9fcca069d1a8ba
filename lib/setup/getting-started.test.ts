/**
 * The Overview's checklist against a real database: a seeded installation starts with nothing
 * ticked (the seed's examples are not an operator's work), and each step ticks once an operator
 * has done it — and only that step.
 */
import { describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "../agent-door/api-keys";
import { SYSTEM_ACTOR } from "../audit";
import { saveTool } from "../catalog/tool-saves";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, plainTool, testKeyring } from "../db/test-support/fixtures";
import { createPersona, setPersonaGrant } from "../personas/server/personas";
import { saveTestCase } from "../playground/test-cases";
import { getGettingStarted, type GettingStartedStep } from "./getting-started";
import { seedDatabase } from "./seed";

const targets = await databaseTargets();
const keyring = testKeyring();

const ticked = async (): Promise<GettingStartedStep[]> =>
  Object.entries(await getGettingStarted())
    .filter(([, done]) => done)
    .map(([step]) => step as GettingStartedStep);

describe.each(targets)("the getting-started checklist on $name", (target) => {
  const db = useTestDatabase(target);

  it("starts unticked after the seed, and ticks each step as an operator does it", async () => {
    await seedDatabase({ keyring: () => keyring });
    expect(await ticked()).toEqual([]);

    const operator = await insertOperator(db(), "first-hour@example.com", "admin");
    await saveTool({ definition: plainTool({ name: "lookup_order" }), baseVersion: null, actor: operator });
    expect(await ticked()).toEqual(["tool"]);

    await saveTestCase({ toolName: "lookup_order", name: "smoke", arguments: {}, context: {}, expectations: [{ kind: "outcome", equals: "success" }] }, operator);
    expect(await ticked()).toEqual(["tool", "test_case"]);

    // A persona granting nothing is not yet a step done; granting a tool is.
    await createPersona({ slug: "support", name: "Support" }, operator);
    expect(await ticked()).toEqual(["tool", "test_case"]);
    await setPersonaGrant("support", ["lookup_order"], operator);
    expect(await ticked()).toEqual(["tool", "test_case", "persona"]);

    const key = await createApiKey({ name: "support bot", personaSlugs: ["support"] }, operator);
    expect(await ticked()).toEqual(["tool", "test_case", "persona", "agent_key"]);

    await db().callLog.create({
      data: { apiKeyId: key.id, apiKeyName: "support bot", personaSlug: "support", toolName: "lookup_order", channel: "mcp", outcome: "success", httpStatus: 200, durationMs: 12 },
    });
    expect(await ticked()).toEqual(["tool", "test_case", "persona", "agent_key", "agent_call"]);

    // A revoked key connects no agent: the step is open again until a live key exists.
    await revokeApiKey(key.id, operator);
    expect(await ticked()).toEqual(["tool", "test_case", "persona", "agent_call"]);
  });

  it("does not count the system's own writes as an operator's", async () => {
    await saveTool({ definition: plainTool({ name: "system_tool" }), baseVersion: null, actor: SYSTEM_ACTOR });
    await createPersona({ slug: "system-persona", name: "System", grant: "all" }, SYSTEM_ACTOR);
    expect(await ticked()).toEqual([]);
  });
});
