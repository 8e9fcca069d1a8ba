import type { Metadata } from "next";
import { GettingStarted } from "@/components/overview/getting-started";
import { RecentActivity } from "@/components/overview/recent-activity";
import { PageHeader } from "@/components/ui/page-header";
import { UsageGlance } from "@/components/usage/usage-glance";
import { listAuditEvents } from "@/lib/audit";
import { requirePageOperator } from "@/lib/operators/session";
import { getGettingStarted } from "@/lib/setup";
import { getUsageReport } from "@/lib/usage";

export const metadata: Metadata = { title: "Overview" };

const RECENT_CHANGES = 6;
/** Sign-ins are who came, not what changed: the Audit page keeps them. */
const NOT_CHANGES = ["auth.sign_in", "auth.sign_in_failed", "auth.sign_out"] as const;

/** Where sign-in lands: the first hour's checklist until it is done, today's agent traffic, and the newest changes. */
export default async function OverviewPage() {
  const operator = await requirePageOperator();
  const [progress, report, recent] = await Promise.all([getGettingStarted(), getUsageReport("day"), listAuditEvents({ limit: RECENT_CHANGES, exceptActions: NOT_CHANGES })]);
  const settingUp = Object.values(progress).some((done) => !done);
  return (
    <>
      <PageHeader title="Overview" description={settingUp ? "Set up your first tool and agent, then watch what agents do." : "What agents did today, and what changed."} />
      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="grid min-w-0 gap-6">
          {settingUp && <GettingStarted progress={progress} role={operator.role} />}
          <UsageGlance report={report} />
        </div>
        <RecentActivity events={recent.events} />
      </div>
    </>
  );
}
