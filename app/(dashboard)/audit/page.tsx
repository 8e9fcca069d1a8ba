import { ChevronRight, History } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { hrefWith } from "@/components/ui/url-filters";
import { describeChange } from "@/lib/audit/describe-change";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from "@/lib/audit/events";
import { firstParam, oneOf, type SearchParamValue } from "@/lib/actions/search-params";
import { requirePageOperator } from "@/lib/auth/session";
import { listAuditEvents } from "@/lib/db/audit";

export const metadata: Metadata = { title: "Audit" };

type SearchParams = Promise<Record<string, SearchParamValue>>;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator();
  const params = await searchParams;
  const filters = {
    actor: firstParam(params.actor) || undefined,
    targetName: firstParam(params.target) || undefined,
    targetType: oneOf<AuditTargetType>(firstParam(params.type), AUDIT_TARGET_TYPES),
    action: oneOf<AuditAction>(firstParam(params.action), AUDIT_ACTIONS),
    cursor: /^\d+$/.test(firstParam(params.before)) ? Number(firstParam(params.before)) : null,
  };
  const { events, nextCursor } = await listAuditEvents(filters);
  const values = { actor: filters.actor, target: filters.targetName, type: filters.targetType, action: filters.action };
  const filtering = Object.values(values).some(Boolean);

  return (
    <>
      <PageHeader title="Audit" description="Every change, who made it and when, with what it was before and after. Secret values are never recorded." />
      <FilterBar
        basePath="/audit"
        values={values}
        search={{ param: "target", label: "Target name", placeholder: "Target name" }}
        textFilters={[{ param: "actor", label: "Actor e-mail", placeholder: "Actor e-mail" }]}
        facets={[
          { param: "type", label: "Target type", options: AUDIT_TARGET_TYPES },
          { param: "action", label: "Action", options: AUDIT_ACTIONS },
        ]}
      />

      {events.length === 0 ? (
        <EmptyState icon={History} title={filtering ? "No change matches these filters" : "No changes recorded yet"}>
          {filtering ? "Widen the filters to see more." : "Changes to tools, personas, operators and API keys appear here."}
        </EmptyState>
      ) : (
        <ol className="divide-y overflow-hidden rounded-lg border bg-surface shadow-xs" aria-label="Audit events">
          {events.map((event) => {
            const changes = describeChange(event.before, event.after);
            return (
              <li key={event.id}>
                <details className="group">
                  <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 text-sm outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset [&::-webkit-details-marker]:hidden">
                    <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90" />
                    <Badge tone="accent" className="font-mono">
                      {event.action}
                    </Badge>
                    <span className="min-w-0 font-medium break-all">{event.targetName}</span>
                    <span className="text-muted-foreground">({event.targetType})</span>
                    <span className="text-xs text-muted-foreground">
                      {changes.length} {changes.length === 1 ? "field" : "fields"}
                    </span>
                    <span className="basis-full text-xs text-muted-foreground sm:ml-auto sm:basis-auto">
                      {event.actorEmail} ·{" "}
                      <time dateTime={event.createdAt.toISOString()} className="tabular-nums">
                        {event.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC
                      </time>
                    </span>
                  </summary>
                  <div className="border-t bg-muted/30 px-4 py-3">
                    <ChangeTable changes={changes} />
                  </div>
                </details>
              </li>
            );
          })}
        </ol>
      )}
      {nextCursor !== null && (
        <div className="mt-6">
          <Link href={hrefWith("/audit", values, { before: String(nextCursor) })} className={buttonVariants({ variant: "secondary" })}>
            Older changes
          </Link>
        </div>
      )}
    </>
  );
}

function ChangeTable({ changes }: { changes: ReturnType<typeof describeChange> }) {
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">No field changed.</p>;
  return (
    <table className="w-full table-fixed text-left text-xs">
      <caption className="sr-only">Fields before and after</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Before
          </th>
          <th scope="col" className="py-1 font-medium">
            After
          </th>
        </tr>
      </thead>
      <tbody className="font-mono">
        {changes.map((change) => (
          <tr key={change.path} className="border-t align-top">
            <td className="py-1 pr-2 break-all">{change.path}</td>
            <td className="py-1 pr-2 break-all text-danger-foreground">{change.before ?? "—"}</td>
            <td className="py-1 break-all text-success-foreground">{change.after ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
