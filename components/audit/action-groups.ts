/**
 * The audit action menu, grouped by what each action acts on, each action in words: one long
 * list of thirty-odd codes was hard to scan. The URL still carries the code.
 */
import type { FacetOption } from "@/components/ui/filter-bar";
import { AUDIT_ACTIONS, type AuditAction } from "@/lib/audit/events";
import { actionLabel } from "./action-labels";

/** An action's prefix names what it acts on; the headings in the order the menu shows them. */
const HEADINGS: Readonly<Record<string, string>> = {
  tool: "Tools",
  persona: "Personas",
  credential: "Credentials",
  api_key: "API keys",
  oauth_app: "Connected apps",
  user: "Operators",
  secrets: "Encryption keys",
  auth: "Sign-in",
};
const ORDER = Object.values(HEADINGS);

/** The heading an action sits under; an action with a new prefix goes under "Other", last. */
export function actionHeading(action: AuditAction): string {
  return HEADINGS[action.slice(0, action.indexOf("."))] ?? "Other";
}

const rank = (heading: string) => (ORDER.includes(heading) ? ORDER.indexOf(heading) : ORDER.length);

/** Every action, grouped by heading (each group keeps the vocabulary's order), in words. */
export const AUDIT_ACTION_OPTIONS: readonly FacetOption[] = AUDIT_ACTIONS.map((action) => ({
  value: action,
  label: actionLabel(action),
  group: actionHeading(action),
})).sort((first, second) => rank(first.group) - rank(second.group));
