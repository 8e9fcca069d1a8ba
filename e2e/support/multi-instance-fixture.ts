/** What e2e/multi-instance.spec.ts and its database chores (multi-instance-db.ts) share. */
export const MULTI_INSTANCE_KEYS_FILE = "data/e2e-multi-instance-keys.json";
export const MULTI_INSTANCE_PERSONA = "e2e-multi";
export const MULTI_INSTANCE_TOOL = "e2e_multi_lookup";
/** The persona's second tool: saved anew, then left outside a narrowed grant. */
export const MULTI_INSTANCE_SECOND_TOOL = "e2e_multi_status";
/** Its description after the `save` chore. */
export const MULTI_INSTANCE_SAVED_DESCRIPTION = "Multi-instance fixture: the order's status, saved anew.";
/**
 * Calls per minute per key on both instances: small, so the shared counter is quick to spend, and
 * within the limiter's exact margin (10), so every call is counted in the database before it is
 * allowed and the shared count is exact. Each test uses its own key.
 */
export const MULTI_INSTANCE_RATE_LIMIT = { points: 10, seconds: 60 };
export const REVOCABLE_KEY_NAME = "e2e multi-instance revocable";
/** The key revoked while both instances' change listeners are cut off. */
export const REVOCABLE_UNHEARD_KEY_NAME = "e2e multi-instance revoked unheard";
/** Two gateways (`npm run gateway`) and a dashboard (`npm start`'s one-port server), on one database. */
export const MULTI_INSTANCE_GATEWAY_PORTS = [3110, 3111] as const;
export const MULTI_INSTANCE_DASHBOARD_PORT = 3109;
