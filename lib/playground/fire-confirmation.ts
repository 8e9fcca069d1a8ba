/**
 * The playground's one confirmation rule (issue 26): whatever fires a tool for real — Fire, Run
 * all, a single test case's Run — asks first exactly when the tool has side effects (SPEC §1.2:
 * `side_effect`, true unless the method is GET or HEAD or the definition says false; a code tool
 * declares its own), and the question says what will happen: how many calls, which method, which
 * host. A dry run never asks: it sends nothing. Pure and browser-safe.
 */
import type { PlaygroundToolView } from "./playground-types";
import { countOf } from "./wording";

/** What the rule reads of a tool. */
export type FireTarget = Pick<PlaygroundToolView, "name" | "sideEffect" | "method" | "host">;

/** What is about to fire: the form's arguments once, every saved case of the tool, or one case. */
export type FirePlan =
  | { readonly kind: "fire" }
  | { readonly kind: "all_cases"; readonly count: number }
  | { readonly kind: "case"; readonly name: string };

/** The question asked before firing. */
export interface FireConfirmation {
  readonly title: string;
  readonly description: string;
  readonly confirmLabel: string;
}

/** Whether firing `tool` (from the form or through its test cases) must be confirmed first. */
export function needsFireConfirmation(tool: Pick<FireTarget, "sideEffect">): boolean {
  return tool.sideEffect;
}

/**
 * The question to ask before `plan` fires `tool`, or null when it may fire at once. A data tool's
 * question names the method and host each call goes to; a code tool's says its code runs.
 */
export function fireConfirmation(tool: FireTarget, plan: FirePlan): FireConfirmation | null {
  if (!needsFireConfirmation(tool)) return null;
  const http = tool.method !== null && tool.host !== null;
  const effect = http ? `sends ${tool.method} to ${tool.host}` : "runs its code";
  const live = http ? "against the live API" : "for real";
  const why = `${tool.name} has side effects:`;
  switch (plan.kind) {
    case "fire":
      return { title: `Fire ${tool.name}?`, description: `${why} firing ${effect} for real.`, confirmLabel: http ? `Fire ${tool.method}` : "Fire" };
    case "case":
      return { title: `Run test case "${plan.name}" ${live}?`, description: `${why} the case ${effect} for real.`, confirmLabel: "Run test case" };
    case "all_cases": {
      const cases = countOf(plan.count, "test case");
      const each = plan.count === 1 ? `the case ${effect} for real.` : `each of the ${plan.count} cases ${effect} for real, one after another.`;
      return { title: `Run ${cases} ${live}?`, description: `${why} ${each}`, confirmLabel: `Run ${cases}` };
    }
  }
}
