import { PlugZap } from "lucide-react";
import type { Metadata } from "next";
import { CONNECTED_APPS_COUNT_ID, RevokeAppButton } from "@/components/oauth/revoke-app-button";
import { EmailAddress } from "@/components/api-keys/email-address";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { AdminOnlyPage } from "@/components/shell/admin-only-page";
import { PageHeader } from "@/components/ui/page-header";
import { Cell, Row, Table } from "@/components/ui/table";
import { Stamp } from "@/components/usage/stamp";
import { listConnectedApps } from "@/lib/agent-door/oauth";
import { hasRole, listUsers } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { publicOrigin } from "@/lib/setup";

export const metadata: Metadata = { title: "Connected apps" };

const BREADCRUMBS = [{ label: "Settings", href: "/settings" }, { label: "Connected apps" }];
const DESCRIPTION = "MCP clients an admin approved in the browser (OAuth), and which personas each may call. Only admins see and revoke them.";

function HowAppsConnect({ origin }: { origin: string }) {
  return (
    <>
      An MCP client connects with a persona&apos;s MCP URL, <code className="font-mono text-xs break-all">{origin}/api/v1/personas/&#123;slug&#125;/mcp</code> (each persona&apos;s
      Connect tab shows it). The app opens a browser, where an admin signs in and approves it for that persona; it then appears here.
    </>
  );
}

export default async function ConnectedAppsPage() {
  const operator = await requirePageOperator();
  if (!hasRole(operator.role, "admin")) {
    return (
      <AdminOnlyPage breadcrumbs={BREADCRUMBS} title="Connected apps" description={DESCRIPTION} refusal="Only admins manage connected apps">
        You are signed in as {operator.role}. Ask an admin to approve or revoke an app.
      </AdminOnlyPage>
    );
  }
  const [apps, users] = await Promise.all([listConnectedApps(), listUsers()]);
  const emails = new Map(users.map((user) => [user.id, user.email]));
  const origin = publicOrigin();
  const count = `${apps.length} app${apps.length === 1 ? "" : "s"} connected`;

  return (
    <>
      <PageHeader breadcrumbs={BREADCRUMBS} title="Connected apps" description={DESCRIPTION} />
      <p id={CONNECTED_APPS_COUNT_ID} tabIndex={-1} className="mb-3 w-fit rounded-sm text-sm text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {apps.length === 0 ? "No app is connected." : count}
      </p>
      {apps.length === 0 ? (
        <EmptyState icon={PlugZap} title="No connected apps yet">
          <p>
            <HowAppsConnect origin={origin} />
          </p>
        </EmptyState>
      ) : (
        <>
          <Table caption="Connected apps" columns={[{ label: "App" }, { label: "Personas" }, { label: "Approved by" }, { label: "Approved" }, { label: "Last used" }, { label: "Actions", srOnly: true }]}>
            {apps.map((app) => {
              const name = app.clientName ?? "An app without a name";
              return (
                <Row key={app.grantId} label={name}>
                  {/* On phone cards the Revoke button sits at the top right: the name keeps clear of it. */}
                  <Cell className="min-w-36 font-medium [overflow-wrap:anywhere] max-md:pr-24">
                    {name}
                    <span className="block text-xs font-normal text-muted-foreground">
                      {app.verifiedHost === null ? "Name chosen by the app" : `Verified by ${app.verifiedHost}`}
                    </span>
                  </Cell>
                  <Cell label="Personas">
                    <span className="flex flex-wrap gap-1">
                      {app.personaSlugs.map((slug) => (
                        <Badge key={slug} className="font-mono">{slug}</Badge>
                      ))}
                    </span>
                  </Cell>
                  <Cell label="Approved by" className="text-xs">
                    <EmailAddress address={emails.get(app.operatorId) ?? "a removed operator"} />
                  </Cell>
                  <Cell label="Approved" className="text-xs">
                    <Stamp at={app.approvedAt} />
                  </Cell>
                  <Cell label="Last used" className="text-xs">
                    {app.lastUsedAt ? <Stamp at={app.lastUsedAt} /> : <span className="text-muted-foreground">Not yet</span>}
                  </Cell>
                  <Cell actions>
                    <RevokeAppButton grantId={app.grantId} name={name} />
                  </Cell>
                </Row>
              );
            })}
          </Table>
          <p className="mt-4 text-sm text-muted-foreground">
            <HowAppsConnect origin={origin} /> &ldquo;Last used&rdquo; is when the app last obtained a token, so within 5 minutes of its last call.
          </p>
        </>
      )}
    </>
  );
}
