/**
 * What each audit action means, in the operator's words, and how loudly to show it. An action
 * without a label here (a newly added one) still shows its code.
 */
import type { BadgeTone } from "@/components/ui/badge";
import type { AuditAction } from "@/lib/audit/events";

const LABELS: Partial<Record<AuditAction, string>> = {
  "tool.create": "Tool created",
  "tool.update": "Tool changed",
  "tool.rename": "Tool renamed",
  "tool.restore": "Revision restored",
  "tool.delete": "Tool deleted",
  "tool.test_case_create": "Test case saved",
  "tool.test_case_update": "Test case changed",
  "tool.test_case_delete": "Test case deleted",
  "tool.test_fire": "Tool fired from the playground",
  "persona.create": "Persona created",
  "persona.update": "Persona changed",
  "persona.grant": "Grant changed",
  "persona.toggle_tool": "Tool switched on or off",
  "persona.parent": "Persona moved",
  "persona.call_logging": "Call payload logging switched",
  "persona.search_mode": "Search mode switched",
  "persona.delete": "Persona deleted",
  "user.create": "Operator added",
  "user.role": "Role changed",
  "user.activate": "Operator activated",
  "user.deactivate": "Operator deactivated",
  "user.password": "Password changed",
  "user.password_reset": "Password reset by an admin",
  "user.sign_out_everywhere": "Signed out everywhere",
  "user.oidc_link": "Linked to single sign-on",
  "user.oidc_unlink": "Single sign-on link removed",
  "api_key.create": "API key created",
  "api_key.revoke": "API key revoked",
  "oauth_app.approve": "App approved (OAuth)",
  "oauth_app.deny": "App denied (OAuth)",
  "oauth_app.revoke": "Connected app revoked",
  "credential.create": "Credential created",
  "credential.update": "Credential changed",
  "credential.delete": "Credential deleted",
  "secrets.rotate": "Secrets re-encrypted (key rotation)",
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Sign-in refused",
  "auth.sign_out": "Signed out",
};

/** The action in words, or its code when it has no label yet. */
export function actionLabel(action: AuditAction): string {
  return LABELS[action] ?? action;
}

/** Refusals stand out; removals are flagged; everything else is plain. */
export function actionTone(action: AuditAction): BadgeTone {
  if (action.endsWith("_failed")) return "danger";
  if (/\.(delete|revoke|deactivate)$/.test(action)) return "warning";
  return "neutral";
}
