import { Cell, Row, Table } from "@/components/ui/table";
import type { UsageGroup } from "@/lib/usage/figures";
import { formatCount, formatMs, formatRate } from "./format";

/** Calls, errors and latency per tool or per persona, busiest first. */
export function UsageTable({ caption, keyLabel, groups }: { caption: string; keyLabel: string; groups: readonly UsageGroup[] }) {
  const numeric = "text-right tabular-nums max-md:text-left";
  return (
    <Table
      caption={caption}
      columns={[{ label: keyLabel }, { label: "Calls", className: "text-right" }, { label: "Error rate", className: "text-right" }, { label: "p50", className: "text-right" }, { label: "p95", className: "text-right" }]}
      isEmpty={groups.length === 0}
      empty="No calls in this range."
    >
      {groups.map((group) => (
        <Row key={group.key} label={group.key}>
          <Cell className="font-medium break-all">{group.key}</Cell>
          <Cell label="Calls" className={numeric}>{formatCount(group.calls)}</Cell>
          <Cell label="Error rate" className={numeric}>
            {formatRate(group.errorRate)}
            <span className="sr-only"> ({formatCount(group.errors)} errors)</span>
          </Cell>
          <Cell label="p50" className={numeric}>{formatMs(group.p50Ms)}</Cell>
          <Cell label="p95" className={numeric}>{formatMs(group.p95Ms)}</Cell>
        </Row>
      ))}
    </Table>
  );
}
