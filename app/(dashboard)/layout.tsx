import Link from "next/link";
import type { ReactNode } from "react";
import { MainNav } from "@/components/layout/main-nav";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { Badge } from "@/components/ui/badge";
import { requirePageOperator } from "@/lib/auth/session";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const operator = await requirePageOperator();
  return (
    <div className="min-h-screen">
      <a href="#content" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-zinc-900">
        Skip to content
      </a>
      <header className="border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-6 py-3">
          <div className="flex items-center gap-6">
            <Link href="/tools" className="text-base font-semibold tracking-tight text-indigo-600 dark:text-indigo-400">
              Quiver
            </Link>
            <MainNav />
          </div>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-right">
              <span className="block font-medium" data-testid="operator-name">{operator.name}</span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{operator.email}</span>
            </span>
            <Badge tone="accent">
              <span aria-label={`Role: ${operator.role}`}>{operator.role}</span>
            </Badge>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="content" className="mx-auto max-w-6xl px-6 py-8">
        {children}
      </main>
    </div>
  );
}
