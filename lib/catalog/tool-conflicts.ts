import "server-only";
/**
 * What a stale save is told (SPEC §6): who changed the tool, when, its version now, and which
 * fields of the persisted form differ from the version the edit was based on.
 */
import { describeChange } from "../audit";
import type { JsonValue } from "../tools";

/** Objects are compared field by field down to this depth (`request.url`), values as a whole below. */
const MAX_DEPTH = 2;

/**
 * Dotted paths whose values differ between two persisted forms, in the order their keys first
 * appear. Values are compared by their JSON text: the forms are canonical, so equal means equal.
 */
export function changedFields(before: JsonValue, after: JsonValue): string[] {
  return describeChange(before, after, { maxDepth: MAX_DEPTH }).map((change) => change.path);
}

export interface StaleSave {
  readonly name: string;
  readonly baseVersion: number;
  readonly currentVersion: number;
  readonly updatedBy: string;
  readonly updatedAt: Date;
  /**
   * From {@link changedFields}; empty when only secret values changed, null when the tool never
   * had `baseVersion`.
   */
  readonly changed: readonly string[] | null;
}

/** The ConflictError message for a save based on a stale version. */
export function staleSaveMessage(stale: StaleSave): string {
  const what =
    stale.changed === null
      ? `It never had version ${stale.baseVersion}.`
      : stale.changed.length > 0
        ? `Changed since then: ${stale.changed.join(", ")}.`
        : "Only its secret values changed since then.";
  return (
    `Tool "${stale.name}" was changed by ${stale.updatedBy} at ${stale.updatedAt.toISOString()}: ` +
    `it is now at version ${stale.currentVersion} and your edit was based on version ${stale.baseVersion}. ` +
    `${what} Reload the tool, then apply your edit again.`
  );
}
