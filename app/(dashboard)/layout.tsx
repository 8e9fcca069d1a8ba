import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { SIDEBAR_COOKIE } from "@/components/shell/navigation";
import { requirePageOperator } from "@/lib/operators/session";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  // The frame of every page, the account page included: each page applies the rest of the gate itself.
  const operator = await requirePageOperator({ ownAccount: true });
  if (operator.passwordChangePending) {
    // Only the account page renders until a new password is chosen: no navigation to pages that would send the operator back.
    return (
      <main id="content" className="flex min-h-dvh items-center justify-center px-4 py-8">
        {children}
      </main>
    );
  }
  const collapsed = (await cookies()).get(SIDEBAR_COOKIE)?.value === "collapsed";
  return (
    <AppShell operator={{ name: operator.name, email: operator.email, role: operator.role }} initiallyCollapsed={collapsed}>
      {children}
    </AppShell>
  );
}
