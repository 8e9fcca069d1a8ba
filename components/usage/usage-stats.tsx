import { Activity, AlertTriangle, Gauge, Timer } from "lucide-react";
import { StatCard } from "@/components/ui/stat-card";
import type { UsageSummary } from "@/lib/usage/figures";
import { formatCount, formatMs, formatRate, LATENCY_LABELS } from "./format";

/** The four headline figures of a report: calls, error rate, the typical and the slowest calls' times. */
export function UsageStats({ total, period }: { total: UsageSummary; period: string }) {
  return (
    <div className="@container">
      <div className="grid grid-cols-2 gap-3 @3xl:grid-cols-4">
        <StatCard label="Calls" icon={Activity} value={formatCount(total.calls)} detail={period} />
        <StatCard label="Error rate" icon={AlertTriangle} value={formatRate(total.errorRate)} detail={`${formatCount(total.errors)} ${total.errors === 1 ? "error" : "errors"}`} />
        <StatCard label={LATENCY_LABELS.p50} icon={Timer} value={formatMs(total.p50Ms)} detail="Half the calls were faster" />
        <StatCard label={LATENCY_LABELS.p95} icon={Gauge} value={formatMs(total.p95Ms)} detail="95% of calls were faster" />
      </div>
    </div>
  );
}
