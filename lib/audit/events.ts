/**
 * The audit vocabulary (SPEC §6): who can act, what they act on, and the actions recorded.
 * Every mutating data-access function records one event with one of these actions, inside the
 * transaction that makes the change, so a change and its record exist together or not at all.
 */
import type { JsonValue } from "../tools";

/** Whoever made a change: an operator, or the system itself (setup, seed) with a null id. */
export interface Actor {
  readonly id: string | null;
  readonly email: string;
}

/** The actor of changes nobody signed in made: the seed and the setup command. */
export const SYSTEM_ACTOR: Actor = { id: null, email: "system" };

export const AUDIT_TARGET_TYPES = ["tool", "persona", "user", "api_key", "oauth_app", "encryption_key", "credential"] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_ACTIONS = [
  "tool.create",
  "tool.update",
  "tool.rename",
  "tool.restore",
  "tool.delete",
  "tool.test_case_create",
  "tool.test_case_update",
  "tool.test_case_delete",
  "tool.test_fire",
  "persona.create",
  "persona.update",
  "persona.grant",
  "persona.toggle_tool",
  "persona.parent",
  "persona.call_logging",
  "persona.search_mode",
  "persona.delete",
  "user.create",
  "user.role",
  "user.activate",
  "user.deactivate",
  "user.password",
  "user.oidc_link",
  "user.oidc_unlink",
  "user.password_reset",
  "user.sign_out_everywhere",
  "api_key.create",
  "api_key.revoke",
  "oauth_app.approve",
  "oauth_app.deny",
  "oauth_app.revoke",
  "credential.create",
  "credential.update",
  "credential.delete",
  "secrets.rotate",
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One change to record. `before` is null for a creation, `after` null for a deletion. Both are
 * plain JSON and must already be free of secrets: definitions with secret values emptied, secret
 * changes as header names and masks.
 */
export interface AuditEntry {
  readonly actor: Actor;
  readonly action: AuditAction;
  readonly targetType: AuditTargetType;
  readonly targetId: string;
  readonly targetName: string;
  readonly before: JsonValue;
  readonly after: JsonValue;
}
