import { ArrowRight } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { configuredDatabaseUrl, dialectOf } from "@/lib/db/database-url";
import { getExecutionConfig } from "@/lib/setup";
import { searchModeThresholdFromEnv } from "@/lib/agent-door";

export const metadata: Metadata = { title: "Settings" };

function SettingsLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-accent-foreground hover:underline">
      {children} <ArrowRight aria-hidden className="size-4" />
    </Link>
  );
}

export default async function SettingsPage() {
  const operator = await requirePageOperator();
  const isAdmin = hasRole(operator.role, "admin");
  const execution = getExecutionConfig();
  const dialect = dialectOf(configuredDatabaseUrl());
  const configuration = [
    ["Database", dialect === "sqlite" ? "SQLite (embedded)" : "PostgreSQL"],
    ["Default tool timeout", `${execution.defaultTimeoutSeconds} s`],
    ["Response size cap", `${Math.round(execution.maxResponseBytes / 1024)} KiB`],
    ["Destination allowlist", execution.allowlist.length > 0 ? execution.allowlist.join(", ") : "none (private and loopback addresses are refused)"],
    ["Search mode suggested", `past ${searchModeThresholdFromEnv(process.env)} tools a persona (QUIVER_SEARCH_MODE_THRESHOLD)`],
  ] as const;

  return (
    <>
      <PageHeader title="Settings" description="Operators and how this installation is configured. Configuration comes from environment variables (see README)." />
      <div className="grid items-stretch gap-6 md:grid-cols-2">
        <Card title="Operators" description="Who can sign in, and with which role.">
          <SettingsLink href="/settings/users">{isAdmin ? "Manage operators" : "See operators"}</SettingsLink>
        </Card>
        <Card title="API keys" description="Keys agents use to call the runtime API and MCP servers (admins only).">
          {isAdmin ? <SettingsLink href="/settings/api-keys">Manage API keys</SettingsLink> : <p className="text-sm text-muted-foreground">Ask an admin for a key: you are signed in as {operator.role}.</p>}
        </Card>
        <Card title="Connected apps" description="MCP clients approved in the browser (OAuth) for a persona (admins only).">
          {isAdmin ? (
            <SettingsLink href="/settings/connected-apps">Manage connected apps</SettingsLink>
          ) : (
            <p className="text-sm text-muted-foreground">An admin approves and revokes apps: you are signed in as {operator.role}.</p>
          )}
        </Card>
        <Card title="Configuration" description="Read-only here; set through environment variables.">
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {configuration.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </>
  );
}
