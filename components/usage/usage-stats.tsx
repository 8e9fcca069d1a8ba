import { Activity, AlertTriangle, Gauge, Timer } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";
import type { UsageSummary } from "@/lib/usage/figures";
import { formatCount, formatMs, formatRate } from "./format";

/** The four headline figures of a report: calls, error rate, p50 and p95. */
export function UsageStats({ total, period }: { total: UsageSummary; period: string }) {
  return (
    <div className="@container">
      <div className="grid grid-cols-2 gap-3 @3xl:grid-cols-4">
        <StatCard label="Calls" icon={Activity} value={formatCount(total.calls)} detail={period} />
        <StatCard label="Error rate" icon={AlertTriangle} value={formatRate(total.errorRate)} detail={`${formatCount(total.errors)} ${total.errors === 1 ? "error" : "errors"}`} />
        <StatCard label="p50 latency" icon={Timer} value={formatMs(total.p50Ms)} detail="Half the calls were faster" />
        <StatCard label="p95 latency" icon={Gauge} value={formatMs(total.p95Ms)} detail="95% of calls were faster" />
      </div>
    </div>
  );
}
