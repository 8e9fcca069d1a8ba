import { KeyRound } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { CreateKeyDialog } from "@/components/api-keys/create-key-dialog";
import { CREATE_KEY_LINK } from "@/components/api-keys/create-key-link";
import { EmailAddress } from "@/components/api-keys/email-address";
import { KEY_STATUS_BADGE, keyStatus, revokedFocusId } from "@/components/api-keys/key-status";
import { RevokeKeyButton } from "@/components/api-keys/revoke-key-button";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { AdminOnlyPage } from "@/components/shell/admin-only-page";
import { PageHeader } from "@/components/ui/page-header";
import { Cell, Row, Table } from "@/components/ui/table";
import { Stamp } from "@/components/usage/stamp";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { listApiKeys } from "@/lib/agent-door";
import { listPersonas } from "@/lib/personas/server";
import { publicOrigin } from "@/lib/setup";

export const metadata: Metadata = { title: "API keys" };

const BREADCRUMBS = [{ label: "Settings", href: "/settings" }, { label: "API keys" }];
const DESCRIPTION = "Keys let agents call a persona's tools through the runtime API or its MCP server. Only admins manage them.";

function DocsLinks() {
  return (
    <>
      The runtime API is described at{" "}
      <a href="/api/v1/openapi.json" className="font-medium text-accent-foreground underline-offset-2 hover:underline">
        /api/v1/openapi.json
      </a>
      ; each persona&apos;s MCP server is at <code className="font-mono text-xs break-all">/api/v1/personas/&#123;slug&#125;/mcp</code>. Agents send the key as{" "}
      <code className="font-mono text-xs">Authorization: Bearer …</code>.
    </>
  );
}

export default async function ApiKeysPage() {
  const operator = await requirePageOperator();
  if (!hasRole(operator.role, "admin")) {
    return (
      <AdminOnlyPage breadcrumbs={BREADCRUMBS} title="API keys" description={DESCRIPTION} refusal="Only admins manage API keys">
        You are signed in as {operator.role}. Ask an admin for a key if an agent needs one.
      </AdminOnlyPage>
    );
  }
  const [keys, personas] = await Promise.all([listApiKeys(), listPersonas()]);
  const now = new Date();
  const create = <CreateKeyDialog personas={personas.map(({ slug, name }) => ({ slug, name }))} today={now.toISOString().slice(0, 10)} origin={publicOrigin()} />;

  return (
    <>
      {/* One dialog, always in the header: it shows the new key after the save, and the first key's
          save turns the empty state into the table — a dialog living there would be unmounted with
          the key on screen. The empty state opens the same dialog by its link. */}
      <PageHeader breadcrumbs={BREADCRUMBS} title="API keys" description={DESCRIPTION} actions={create} />
      {keys.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No API keys yet"
          action={
            <Link href={CREATE_KEY_LINK} className={buttonVariants({ variant: "secondary" })}>
              Create the first key
            </Link>
          }
        >
          <p>A key is shown once when you create it, then stored as a fingerprint only. It works for the personas you choose, until it expires or you revoke it.</p>
          <p className="mt-2">
            <DocsLinks />
          </p>
        </EmptyState>
      ) : (
        <>
          <Table
            caption="API keys"
            columns={[{ label: "Name" }, { label: "Prefix" }, { label: "Personas" }, { label: "Created" }, { label: "Last used" }, { label: "Expires" }, { label: "Status" }, { label: "Actions", srOnly: true }]}
          >
            {keys.map((key) => {
              const status = keyStatus(key, now);
              return (
                <Row key={key.id} label={key.name}>
                  <Cell className="min-w-36 font-medium [overflow-wrap:anywhere]">
                    {/* Focus lands here after a revoke, when the Revoke button is gone. */}
                    <span id={revokedFocusId(key.id)} tabIndex={-1} className="rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
                      {key.name}
                    </span>
                  </Cell>
                  <Cell label="Prefix" className="font-mono text-xs whitespace-nowrap">{key.prefix}…</Cell>
                  <Cell label="Personas">
                    <span className="flex flex-wrap gap-1">
                      {key.personaSlugs.map((slug) => (
                        <Badge key={slug} className="font-mono">{slug}</Badge>
                      ))}
                    </span>
                  </Cell>
                  <Cell label="Created" className="text-xs">
                    <EmailAddress address={key.createdBy} />
                    <Stamp at={key.createdAt} className="text-muted-foreground" />
                  </Cell>
                  <Cell label="Last used" className="text-xs">
                    {key.lastUsedAt ? <Stamp at={key.lastUsedAt} /> : <span className="text-muted-foreground">Never</span>}
                  </Cell>
                  <Cell label="Expires" className="text-xs">
                    {key.expiresAt ? <Stamp at={key.expiresAt} /> : <span className="text-muted-foreground">Never</span>}
                  </Cell>
                  <Cell label="Status">
                    <StatusBadge status={KEY_STATUS_BADGE[status]}>{status}</StatusBadge>
                  </Cell>
                  <Cell actions>{status === "revoked" ? null : <RevokeKeyButton id={key.id} name={key.name} />}</Cell>
                </Row>
              );
            })}
          </Table>
          <p className="mt-4 text-sm text-muted-foreground">
            <DocsLinks />
          </p>
        </>
      )}
    </>
  );
}
