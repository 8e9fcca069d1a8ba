import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { SIDEBAR_COOKIE } from "@/components/shell/navigation";
import { requirePageOperator } from "@/lib/auth/session";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const operator = await requirePageOperator();
  const collapsed = (await cookies()).get(SIDEBAR_COOKIE)?.value === "collapsed";
  return (
    <AppShell operator={{ name: operator.name, email: operator.email, role: operator.role }} initiallyCollapsed={collapsed}>
      {children}
    </AppShell>
  );
}
