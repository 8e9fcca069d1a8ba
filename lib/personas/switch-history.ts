/**
 * Who switched a tool off, and when, read back from the audit trail (no column stores it): each
 * recorded change of a persona's disabled list says who made it and what the list was before and
 * after, so the latest change that added a name is the switch that is still in effect.
 */
import { normalizeToolNameList } from "./tool-names";

/** One recorded change of a persona's disabled list, as the audit trail keeps it. */
export interface DisabledListChange {
  readonly actorEmail: string;
  readonly createdAt: Date;
  /** The audit event's `before` and `after` (a persona's audit view, or anything else). */
  readonly before: unknown;
  readonly after: unknown;
}

export interface SwitchedOff {
  readonly by: string;
  readonly at: Date;
}

function disabledOf(view: unknown): string[] {
  if (typeof view !== "object" || view === null || Array.isArray(view)) return [];
  return normalizeToolNameList((view as { disabledTools?: unknown }).disabledTools);
}

/**
 * For each of `disabled` (the persona's current list), who switched it off and when, from
 * `changes` in the order they happened (oldest first). A name switched off before the trail
 * begins (the seed, an import) has no entry.
 */
export function whoSwitchedOff(disabled: readonly string[], changes: readonly DisabledListChange[]): Map<string, SwitchedOff> {
  const latest = new Map<string, SwitchedOff>();
  for (const change of changes) {
    const before = new Set(disabledOf(change.before));
    const after = new Set(disabledOf(change.after));
    for (const name of after) if (!before.has(name)) latest.set(name, { by: change.actorEmail, at: change.createdAt });
    for (const name of before) if (!after.has(name)) latest.delete(name);
  }
  return new Map(disabled.flatMap((name) => {
    const found = latest.get(name);
    return found ? [[name, found] as const] : [];
  }));
}
