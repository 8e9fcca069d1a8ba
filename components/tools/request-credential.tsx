import Link from "next/link";
import { KIND_LABELS } from "@/components/credentials/credential-draft";
import { Badge, StatusBadge } from "@/components/ui/badge";
import type { CredentialView } from "@/lib/catalog/tool-view";

const linkClass = "font-mono text-accent-foreground [overflow-wrap:anywhere] hover:underline";

/**
 * The shared credential on a tool's Request tab: its name (to the Credentials page), its kind and
 * where it goes — or, when no credential has that name any more, a warning that calls send nothing.
 * Its secret and mask stay on the Credentials page.
 */
export function RequestCredential({ credential }: { credential: CredentialView }) {
  return (
    <span className="grid gap-1">
      <span className="flex flex-wrap items-center gap-2">
        <Link href="/credentials" className={linkClass}>
          {credential.name}
        </Link>
        {credential.missing ? <StatusBadge status="warning">missing</StatusBadge> : <Badge>{KIND_LABELS[credential.kind].label}</Badge>}
      </span>
      {credential.missing ? (
        <span className="rounded-md border border-warning/40 bg-warning-subtle p-2 text-warning-foreground">
          No credential is named {credential.name} any more: calls of this tool send nothing until it is created on the Credentials page, or the tool names another.
        </span>
      ) : (
        <span className="text-muted-foreground">{credential.placement}.</span>
      )}
    </span>
  );
}
