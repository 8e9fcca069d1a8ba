import "server-only";
/**
 * The Overview's getting-started checklist: the path from a first tool to a first agent call,
 * each step ticked by what the installation's operators have done. What the seed put there (its
 * example tools and personas, written by the system) does not count: a new operator has not made
 * a tool just because an example exists.
 */
import { SYSTEM_ACTOR } from "../audit";
import { getDb } from "../db/client";
import { loadPersonaMatrix } from "../personas/server";

export type GettingStartedStep = "tool" | "test_case" | "persona" | "agent_key" | "agent_call";

/** Which steps are done. */
export type GettingStarted = Readonly<Record<GettingStartedStep, boolean>>;

/**
 * The checklist's state: a tool an operator saved, a saved test case, a persona an operator created
 * or changed that grants at least one tool, an API key not revoked, and a call from an agent.
 */
export async function getGettingStarted(): Promise<GettingStarted> {
  const db = getDb();
  const [tool, testCase, agentKey, agentCall, persona] = await Promise.all([
    db.tool.findFirst({ where: { updatedBy: { not: SYSTEM_ACTOR.email } }, select: { id: true } }),
    db.testCase.findFirst({ select: { id: true } }),
    db.apiKey.findFirst({ where: { revokedAt: null }, select: { id: true } }),
    db.callLog.findFirst({ select: { id: true } }),
    anOperatorsPersonaGrantsATool(),
  ]);
  return { tool: tool !== null, test_case: testCase !== null, persona, agent_key: agentKey !== null, agent_call: agentCall !== null };
}

async function anOperatorsPersonaGrantsATool(): Promise<boolean> {
  const touched = await getDb().auditEvent.findMany({
    where: { targetType: "persona", actorId: { not: null } },
    distinct: ["targetName"],
    select: { targetName: true },
  });
  if (touched.length === 0) return false;
  const slugs = new Set(touched.map((event) => event.targetName));
  const matrix = await loadPersonaMatrix();
  return matrix.personas.some((persona, column) => slugs.has(persona.slug) && matrix.rows.some((row) => row.cells[column]?.available));
}
