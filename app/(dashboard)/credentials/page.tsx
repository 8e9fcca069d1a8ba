import { LockKeyhole } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { CredentialActions } from "@/components/credentials/credential-actions";
import { KIND_LABELS } from "@/components/credentials/credential-draft";
import { NewCredentialButton } from "@/components/credentials/new-credential-button";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Cell, Row, Table } from "@/components/ui/table";
import { formatTime } from "@/components/usage/format";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { listCredentials } from "@/lib/credentials/server";

export const metadata: Metadata = { title: "Credentials" };

const DESCRIPTION = "One secret for many tools — an API key, a password, an OAuth2 client — sent only to the hosts it lists. Tools choose one in their editor.";

function UsedBy({ tools }: { tools: readonly string[] }) {
  if (tools.length === 0) return <span className="text-xs text-muted-foreground">No tool</span>;
  return (
    <ul className="flex flex-wrap gap-x-2 gap-y-1">
      {tools.map((tool) => (
        <li key={tool}>
          <Link href={`/tools/${tool}`} className="font-mono text-xs text-accent-foreground hover:underline">
            {tool}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The shared credentials. Editors and admins see everything public about each (hosts, the
 * secret's mask, last use) and manage them; viewers see names, kinds and the tools using them
 * only — the page hands them nothing else.
 */
export default async function CredentialsPage() {
  const operator = await requirePageOperator();
  const canManage = hasRole(operator.role, "editor");
  const credentials = await listCredentials();
  const header = (
    <PageHeader
      title="Credentials"
      description={canManage ? DESCRIPTION : `${DESCRIPTION} You are signed in as ${operator.role}: you see names, kinds and the tools using each.`}
      actions={canManage && credentials.length > 0 ? <NewCredentialButton /> : undefined}
    />
  );
  if (credentials.length === 0) {
    return (
      <>
        {header}
        <EmptyState icon={LockKeyhole} title="No credentials yet" action={canManage ? <NewCredentialButton /> : undefined}>
          <p>
            A credential keeps a vendor&apos;s secret once — a header such as <code className="font-mono text-xs">Authorization: Bearer …</code>, a query parameter, a user and password, or an
            OAuth2 client — and every tool calling that vendor uses it. Rotating the key is then one edit, and the credential is never sent to a host it does not list.
          </p>
        </EmptyState>
      </>
    );
  }

  const columns = canManage
    ? [{ label: "Name" }, { label: "Kind" }, { label: "Hosts" }, { label: "Secret" }, { label: "Used by" }, { label: "Last used" }, { label: "Actions", srOnly: true }]
    : [{ label: "Name" }, { label: "Kind" }, { label: "Used by" }];
  return (
    <>
      {header}
      <Table caption="Credentials" columns={columns}>
        {credentials.map((credential) => (
          <Row key={credential.name} label={credential.name}>
            <Cell className="min-w-40">
              <span className="font-mono font-medium [overflow-wrap:anywhere]">{credential.name}</span>
              {canManage && credential.description && <p className="mt-0.5 line-clamp-2 max-w-xs text-xs text-muted-foreground">{credential.description}</p>}
            </Cell>
            <Cell label="Kind">
              <Badge>{KIND_LABELS[credential.kind].label}</Badge>
            </Cell>
            {canManage && (
              <>
                <Cell label="Hosts">
                  <span className="flex flex-wrap gap-1">
                    {credential.hosts.map((host) => (
                      <Badge key={host} className="font-mono">
                        {host}
                      </Badge>
                    ))}
                  </span>
                </Cell>
                <Cell label="Secret">
                  {credential.mask ? <code className="font-mono text-xs">{credential.mask}</code> : <StatusBadge status="warning">not set</StatusBadge>}
                </Cell>
              </>
            )}
            <Cell label="Used by">
              <UsedBy tools={credential.usedBy} />
            </Cell>
            {canManage && (
              <>
                <Cell label="Last used" className="text-xs whitespace-nowrap">
                  {credential.lastUsedAt ? <time dateTime={credential.lastUsedAt.toISOString()}>{formatTime(credential.lastUsedAt)}</time> : <span className="text-muted-foreground">Never</span>}
                </Cell>
                <Cell actions>
                  <CredentialActions
                    credential={{ name: credential.name, description: credential.description, kind: credential.kind, hosts: credential.hosts, config: credential.config, mask: credential.mask, version: credential.version }}
                    usedBy={credential.usedBy}
                  />
                </Cell>
              </>
            )}
          </Row>
        ))}
      </Table>
    </>
  );
}
