import "server-only";
/**
 * The Overview's getting-started checklist: the path from a first tool to a first agent call,
 * each step ticked by what the installation's operators have done. What the seed put there (its
 * example tools and personas, written by the system) does not count: a new operator has not made
 * a tool just because an example exists.
 */
import { anyLiveApiKey } from "../agent-door";
import { SYSTEM_ACTOR, targetsChangedByOperators } from "../audit";
import { anyToolSavedByAnOperator } from "../catalog";
import { loadPersonaMatrix } from "../personas/server";
import { anyTestCase } from "../playground";
import { anyAgentCall } from "../usage";

export type GettingStartedStep = "tool" | "test_case" | "persona" | "agent_key" | "agent_call";

/** Which steps are done. */
export type GettingStarted = Readonly<Record<GettingStartedStep, boolean>>;

/**
 * The checklist's state: a tool an operator saved, a saved test case, a persona an operator created
 * or changed that grants at least one tool, an API key not revoked, and a call from an agent.
 */
export async function getGettingStarted(): Promise<GettingStarted> {
  const [tool, testCase, persona, agentKey, agentCall] = await Promise.all([
    anyToolSavedByAnOperator(SYSTEM_ACTOR.email),
    anyTestCase(),
    anOperatorsPersonaGrantsATool(),
    anyLiveApiKey(),
    anyAgentCall(),
  ]);
  return { tool, test_case: testCase, persona, agent_key: agentKey, agent_call: agentCall };
}

async function anOperatorsPersonaGrantsATool(): Promise<boolean> {
  const touched = await targetsChangedByOperators("persona");
  if (touched.size === 0) return false;
  const matrix = await loadPersonaMatrix();
  return matrix.personas.some((persona, column) => touched.has(persona.slug) && matrix.rows.some((row) => row.cells[column]?.available));
}
