import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { Section } from "@/components/ui/section";
import { requirePageOperator } from "@/lib/auth/session";
import { configuredDatabaseUrl, dialectOf } from "@/lib/db/database-url";
import { getExecutionConfig } from "@/lib/runtime/configuration";

export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  await requirePageOperator();
  const execution = getExecutionConfig();
  const dialect = dialectOf(configuredDatabaseUrl());

  return (
    <>
      <PageHeader title="Settings" description="Operators and how this installation is configured. Configuration comes from environment variables (see README)." />
      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Operators">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Who can sign in, and with which role.</p>
          <Link href="/settings/users" className="mt-3 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            Manage operators →
          </Link>
        </Section>
        <Section title="Configuration">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600 dark:text-zinc-400">Database</dt>
            <dd>{dialect === "sqlite" ? "SQLite (embedded)" : "PostgreSQL"}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Default tool timeout</dt>
            <dd>{execution.defaultTimeoutSeconds} s</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Response size cap</dt>
            <dd>{Math.round(execution.maxResponseBytes / 1024)} KiB</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Destination allowlist</dt>
            <dd>{execution.allowlist.length > 0 ? execution.allowlist.join(", ") : "none (private and loopback addresses are refused)"}</dd>
          </dl>
        </Section>
      </div>
    </>
  );
}
