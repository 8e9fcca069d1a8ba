/**
 * Whether saving the editor's draft would drop the stored secret (SPEC §5.1), judged before the
 * save so the operator is asked first. The rule is lib/credentials' `secretWidenings`, the one the
 * save applies; only the reading of the draft is done here. A draft the server would refuse
 * (a bad host, a bad token URL, no host) warns about nothing: the refusal names the problem and
 * nothing is dropped. The server stays the authority: it drops and reports whatever this says.
 */
import { parseHostPattern } from "@/lib/credentials/hosts";
import { secretWidenings, type SecretReach, type SecretWidening } from "@/lib/credentials/secret-binding";
import { tokenUrlProblem } from "@/lib/credentials/token-url";
import { SECRET_PART } from "@/lib/credentials/types";
import type { SecretEntry } from "@/components/tool-form/secret-field";
import { credentialInput, type CredentialDraft, type CredentialFields } from "./credential-draft";

/** A stored credential as the editor holds it: its public parts and the secret's mask (null when none is stored). */
export interface StoredCredentialFields extends CredentialFields {
  readonly mask: string | null;
}

/**
 * How saving `draft` over `stored` widens where the secret may go, when that drops a stored secret:
 * empty when creating, when nothing is stored, when the operator typed a new secret or cleared it,
 * or when the draft does not widen anything.
 */
export function secretLostBySave(stored: StoredCredentialFields | null, draft: CredentialDraft, secret: SecretEntry): SecretWidening[] {
  if (stored === null || stored.mask === null) return [];
  const { input, clearSecret } = credentialInput(draft, secret);
  if (clearSecret || SECRET_PART[draft.kind] in input) return [];
  const after = draftReach(draft.kind, input.hosts as string[], input.token_url as string | undefined);
  return after === null ? [] : secretWidenings(storedReach(stored), after);
}

function storedReach(stored: CredentialFields): SecretReach {
  const tokenUrl = stored.config.token_url;
  return { kind: stored.kind, hosts: stored.hosts, ...(typeof tokenUrl === "string" ? { tokenUrl } : {}) };
}

/** The draft's reach with hosts normalised as the server stores them; null when the server would refuse them. */
function draftReach(kind: CredentialDraft["kind"], typedHosts: readonly string[], tokenUrl: string | undefined): SecretReach | null {
  const hosts: string[] = [];
  for (const typed of typedHosts) {
    const parsed = parseHostPattern(typed);
    if ("problem" in parsed) return null;
    hosts.push(parsed.pattern);
  }
  if (hosts.length === 0) return null;
  if (tokenUrl === undefined) return { kind, hosts };
  return tokenUrlProblem(tokenUrl) === null ? { kind, hosts, tokenUrl } : null;
}
