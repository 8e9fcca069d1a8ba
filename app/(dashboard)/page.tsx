import { ArrowRight, FlaskConical, UsersRound, Wrench } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { UsageGlance } from "@/components/usage/usage-glance";
import { requirePageOperator } from "@/lib/operators/session";
import { getUsageReport } from "@/lib/usage";

export const metadata: Metadata = { title: "Overview" };

const SHORTCUTS = [
  { href: "/tools", label: "Tools", description: "Define and edit the HTTP and code tools agents call.", icon: Wrench },
  { href: "/personas", label: "Personas", description: "Choose which tools each agent persona sees.", icon: UsersRound },
  { href: "/playground", label: "Playground", description: "Dry-run and test-fire tools, run their test cases.", icon: FlaskConical },
] as const;

export default async function OverviewPage() {
  await requirePageOperator();
  const report = await getUsageReport("day");
  return (
    <>
      <PageHeader title="Overview" description="What agents did today, and where to go next." />
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <UsageGlance report={report} />
        <nav aria-label="Shortcuts" className="grid gap-3">
          {SHORTCUTS.map(({ href, label, description, icon: Icon }) => (
            <Link key={href} href={href} className="group flex items-start gap-3 rounded-lg border bg-surface p-4 shadow-xs outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium">{label}</span>
                <span className="block text-xs text-muted-foreground">{description}</span>
              </span>
              <ArrowRight aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground group-hover:text-foreground" />
            </Link>
          ))}
        </nav>
      </div>
    </>
  );
}
