/**
 * Operator roles (SPEC §6), from least to most powerful. Each role can do everything the roles
 * before it can: a viewer reads and dry-runs, an editor also changes tools, secrets and persona
 * toggles and test-fires, an admin also manages operators, API keys and persona grants.
 */
export const ROLES = ["viewer", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** True when `value` is one of the three roles. */
export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** True when an operator holding `role` may do what `required` allows. */
export function hasRole(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}

/** A short description of what each role may do, for the users page. */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  viewer: "Read everything; dry-run tools.",
  editor: "Edit tools, secrets and persona toggles; test-fire tools.",
  admin: "Everything, plus operators, API keys and persona grants.",
};
