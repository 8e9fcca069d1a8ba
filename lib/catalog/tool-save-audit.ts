import "server-only";
/**
 * What the audit trail keeps of a tool change: the stored definition and each secret's header and
 * mask — never a secret value — plus which headers' values changed, which masks alone cannot tell.
 */
import type { JsonValue } from "../tools";
import { parseJson } from "../db/json-columns";
import type { SecretPlan, StoredSecretRow } from "./tool-secret-plan";

/** What the audit trail keeps of a tool: the stored definition and, per secret, header and mask. */
export function auditSnapshot(
  definitionText: string,
  secrets: readonly { header: string; mask: string }[],
): { [key: string]: JsonValue } {
  return {
    definition: parseJson(definitionText),
    secrets: secrets.map((secret) => ({ header: secret.header, mask: secret.mask })),
  };
}

/** Headers whose stored value was added, replaced or removed: masks alone cannot tell. */
export function changedSecretHeaders(before: readonly StoredSecretRow[], after: SecretPlan["secrets"]): string[] {
  const previous = new Map(before.map((secret) => [secret.header, secret.ciphertext]));
  const next = new Map(after.map((secret) => [secret.header, secret.ciphertext]));
  const headers = [...new Set([...previous.keys(), ...next.keys()])];
  return headers.filter((header) => previous.get(header) !== next.get(header)).sort();
}
