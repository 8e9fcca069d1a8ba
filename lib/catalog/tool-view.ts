/**
 * How a stored tool's request reads on its page: plain header and query values as written, secret
 * ones (headers matched case-insensitively and query keys exactly, as the executor matches them)
 * as their stored mask or as unset,
 * and the shared credential it names with where that credential goes — from the credential's
 * public parts only, never its secret or mask.
 */
import { placementTarget, type Credential, type CredentialKind } from "../credentials";
import { secretSlot, slotIdentity } from "../secrets";
import type { ToolDTO } from "./tools";

export interface HeaderView {
  readonly name: string;
  /** The value as written, or for a secret header its mask (null when no value is stored). */
  readonly value: string | null;
  readonly secret: boolean;
}

/** Every request header of `tool`, secret ones masked. */
export function headerViews(tool: Pick<ToolDTO, "definition" | "secrets">): HeaderView[] {
  return entryViews(tool, tool.definition.request.headers, tool.definition.secret_headers, (name) => name);
}

/** Every `request.query` entry of `tool`, secret ones (`secret_query`) masked. */
export function queryViews(tool: Pick<ToolDTO, "definition" | "secrets">): HeaderView[] {
  return entryViews(tool, tool.definition.request.query, tool.definition.secret_query ?? [], (key) => secretSlot("query", key));
}

function entryViews(
  tool: Pick<ToolDTO, "secrets">,
  entries: Readonly<Record<string, string>>,
  secretNames: readonly string[],
  slotOf: (name: string) => string,
): HeaderView[] {
  const secrets = new Set(secretNames.map((name) => slotIdentity(slotOf(name))));
  const masks = new Map(tool.secrets.map((secret) => [slotIdentity(secret.header), secret.mask]));
  return Object.entries(entries).map(([name, value]) => {
    const slot = slotIdentity(slotOf(name));
    const secret = secrets.has(slot);
    return { name, secret, value: secret ? (masks.get(slot) ?? null) : value };
  });
}

/** The shared credential a tool names: as stored, or missing (no credential has that name any more). */
export type CredentialView =
  | { readonly name: string; readonly missing: false; readonly kind: CredentialKind; readonly placement: string }
  | { readonly name: string; readonly missing: true };

/**
 * The credential `tool` names in `auth.credential`, given what is stored under that name (null
 * when nothing is), or null when the tool names none. `placement` says where its secret is sent.
 */
export function credentialView(tool: Pick<ToolDTO, "definition">, stored: Credential | null): CredentialView | null {
  const name = tool.definition.auth?.credential;
  if (name === undefined) return null;
  if (stored === null || stored.name !== name) return { name, missing: true };
  return { name, missing: false, kind: stored.kind, placement: placementOf(stored) };
}

function placementOf(credential: Credential): string {
  const target = placementTarget(credential);
  if (target.location === "query") return `Sent as query parameter ${target.name}`;
  switch (credential.kind) {
    case "basic":
      return `Sent as the ${target.name} header (Basic: the user name and password)`;
    case "oauth2_client_credentials":
      return `Sent as the ${target.name} header (Bearer: an access token Quiver fetches from the token URL)`;
    default:
      return `Sent as the ${target.name} header`;
  }
}
