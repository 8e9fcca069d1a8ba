/**
 * What the tool editor's credential picker offers: each credential's name, kind, hosts and where
 * it puts its value, worded for the operator. Built on the server from the Credentials service's
 * outlines (public parts only), so the browser receives no mask and no secret.
 */
import type { CredentialKind } from "@/lib/credentials/types";
import type { CredentialOutline } from "@/lib/credentials/server/credential-queries";

export interface CredentialChoice {
  readonly name: string;
  readonly kind: CredentialKind;
  /** Host patterns it may be sent to, as stored (exact or `*.example.com`). */
  readonly hosts: readonly string[];
  /** Where the value goes: "X-Api-Key header", "?api_key= query parameter", … */
  readonly placement: string;
}

function placementOf({ kind, config }: CredentialOutline): string {
  switch (kind) {
    case "header":
      return `${String(config.header_name)} header`;
    case "query":
      return `?${String(config.parameter_name)}= query parameter`;
    case "basic":
      return "Authorization: Basic";
    case "oauth2_client_credentials":
      return "Authorization: Bearer (OAuth2 token)";
  }
}

/** The picker's choices for `credentials`, in their order. */
export function credentialChoices(credentials: readonly CredentialOutline[]): CredentialChoice[] {
  return credentials.map((credential) => ({ name: credential.name, kind: credential.kind, hosts: credential.hosts, placement: placementOf(credential) }));
}
