import type { Status } from "@/components/ui/badge";

export type KeyStatus = "active" | "expired" | "revoked";

/** Revoked wins over expired: a revoked key stays revoked whatever its expiry says. */
export function keyStatus(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): KeyStatus {
  if (key.revokedAt) return "revoked";
  if (key.expiresAt && key.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export const KEY_STATUS_BADGE: Record<KeyStatus, Status> = { active: "success", expired: "warning", revoked: "neutral" };

/** The id of the key's name in the table, where focus goes once its Revoke button has gone. */
export function revokedFocusId(keyId: string): string {
  return `api-key-${keyId}`;
}
