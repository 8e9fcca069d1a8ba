import { Cell, Row, Table } from "@/components/ui/table";
import type { UsageGroup } from "@/lib/usage/figures";
import { formatCount, formatMs, formatRate, LATENCY_LABELS } from "./format";

const { p50: TYPICAL, p95: SLOWEST } = LATENCY_LABELS;

/** Calls, errors and latency per tool or per persona, busiest first. */
export function UsageTable({ caption, keyLabel, groups }: { caption: string; keyLabel: string; groups: readonly UsageGroup[] }) {
  const numeric = "text-right tabular-nums max-md:text-left";
  return (
    <Table
      caption={caption}
      columns={[{ label: keyLabel }, { label: "Calls", className: "text-right" }, { label: "Error rate", className: "text-right" }, { label: TYPICAL, className: "text-right" }, { label: SLOWEST, className: "text-right" }]}
      isEmpty={groups.length === 0}
      empty="No calls in this range."
    >
      {groups.map((group) => (
        <Row key={group.key} label={group.key}>
          <Cell className="font-medium break-all">{group.key}</Cell>
          <Cell label="Calls" className={numeric}>{formatCount(group.calls)}</Cell>
          <Cell label="Error rate" className={numeric}>
            {formatRate(group.errorRate)}
            <span className="sr-only"> ({formatCount(group.errors)} {group.errors === 1 ? "error" : "errors"})</span>
          </Cell>
          <Cell label={TYPICAL} className={numeric}>{formatMs(group.p50Ms)}</Cell>
          <Cell label={SLOWEST} className={numeric}>{formatMs(group.p95Ms)}</Cell>
        </Row>
      ))}
    </Table>
  );
}
