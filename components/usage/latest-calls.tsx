import { Badge, StatusBadge, type Status } from "@/components/ui/badge";
import { FilterBar } from "@/components/ui/filter-bar";
import { Pager } from "@/components/ui/pager";
import type { PageWindow } from "@/components/ui/paging";
import { Cell, Row, Table } from "@/components/ui/table";
import { hrefWith, type FilterValues } from "@/components/ui/url-filters";
import type { CallLogEntry } from "@/lib/usage/call-log-queries";
import { CALL_OUTCOMES } from "@/lib/usage/figures";
import { formatMs, formatTime } from "./format";

const OUTCOME_STATUS: Record<string, Status> = { success: "success", halt: "warning", error: "danger" };

interface LatestCallsProps {
  readonly calls: readonly CallLogEntry[];
  readonly window: PageWindow;
  /** Every query parameter of the page (range included), so filters and pages keep each other. */
  readonly values: FilterValues;
  /** The personas that appear in the log, for the persona menu. */
  readonly personaSlugs: readonly string[];
}

/** The newest recorded calls, filterable by persona, tool and outcome, 25 to a page. */
export function LatestCalls({ calls, window, values, personaSlugs }: LatestCallsProps) {
  const filtering = Boolean(values.persona || values.tool || values.outcome);
  return (
    <>
      <FilterBar
        basePath="/usage"
        values={values}
        search={{ param: "tool", label: "Tool name", placeholder: "Exact tool name, e.g. get_order" }}
        facets={[
          { param: "persona", label: "Persona", options: personaSlugs },
          { param: "outcome", label: "Outcome", options: CALL_OUTCOMES },
        ]}
      />
      <Table
        caption="Latest calls"
        columns={[{ label: "Tool" }, { label: "Persona" }, { label: "Outcome" }, { label: "Status", className: "text-right" }, { label: "Duration", className: "text-right" }, { label: "Key" }, { label: "Time" }]}
        isEmpty={calls.length === 0}
        empty={filtering ? "No call matches these filters." : "No calls recorded yet."}
        footer={<Pager window={window} noun={{ one: "call", other: "calls" }} hrefFor={(page) => hrefWith("/usage", values, { page: String(page) })} />}
      >
        {calls.map((call) => (
          <Row key={call.id} label={`${call.toolName} at ${formatTime(call.createdAt)}`}>
            <Cell className="font-mono text-xs font-medium break-all">{call.toolName}</Cell>
            <Cell label="Persona">{call.personaSlug}</Cell>
            <Cell label="Outcome">
              <span className="inline-flex flex-wrap items-center gap-1">
                <StatusBadge status={OUTCOME_STATUS[call.outcome] ?? "neutral"}>{call.outcome}</StatusBadge>
                {call.errorType && <span className="font-mono text-xs text-muted-foreground">{call.errorType}</span>}
              </span>
            </Cell>
            <Cell label="Status" className="text-right tabular-nums max-md:text-left">{call.httpStatus}</Cell>
            <Cell label="Duration" className="text-right tabular-nums max-md:text-left">{formatMs(call.durationMs)}</Cell>
            <Cell label="Key">
              <span className="break-all">{call.apiKeyName}</span> <Badge className="ml-1 uppercase">{call.channel}</Badge>
              {call.viaSearch && (
                <Badge className="ml-1" title="Called through search mode's call_tool">via search</Badge>
              )}
            </Cell>
            <Cell label="Time" className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
              <time dateTime={call.createdAt.toISOString()}>{formatTime(call.createdAt)}</time>
            </Cell>
          </Row>
        ))}
      </Table>
    </>
  );
}
