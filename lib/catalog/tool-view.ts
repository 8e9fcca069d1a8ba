/**
 * How a stored tool's request reads on its page: plain header values as written, secret headers
 * (matched case-insensitively, as the executor matches them) as their stored mask or as unset,
 * and the shared credential it names with where that credential goes — from the credential's
 * public parts only, never its secret or mask.
 */
import { placementTarget, type Credential, type CredentialKind } from "../credentials";
import type { ToolDTO } from "./tools";

export interface HeaderView {
  readonly name: string;
  /** The value as written, or for a secret header its mask (null when no value is stored). */
  readonly value: string | null;
  readonly secret: boolean;
}

/** Every request header of `tool`, secret ones masked. */
export function headerViews(tool: Pick<ToolDTO, "definition" | "secrets">): HeaderView[] {
  const secretNames = new Set(tool.definition.secret_headers.map((name) => name.toLowerCase()));
  const masks = new Map(tool.secrets.map((secret) => [secret.header.toLowerCase(), secret.mask]));
  return Object.entries(tool.definition.request.headers).map(([name, value]) => {
    const secret = secretNames.has(name.toLowerCase());
    return { name, secret, value: secret ? (masks.get(name.toLowerCase()) ?? null) : value };
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
