import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar, FilterSelect, FilterText } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { describeChange } from "@/lib/audit/describe-change";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from "@/lib/audit/events";
import { firstParam, oneOf, type SearchParamValue } from "@/lib/actions/search-params";
import { requirePageOperator } from "@/lib/auth/session";
import { listAuditEvents } from "@/lib/db/audit";
import type { JsonValue } from "@/lib/tools/types";

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
  const filtering = Boolean(filters.actor || filters.targetName || filters.targetType || filters.action);
  const olderLink = new URLSearchParams(
    Object.entries({ actor: filters.actor, target: filters.targetName, type: filters.targetType, action: filters.action, before: String(nextCursor) }).filter(
      (entry): entry is [string, string] => Boolean(entry[1]),
    ),
  );

  return (
    <>
      <PageHeader title="Audit" description="Every change, who made it and when, with what it was before and after. Secret values are never recorded." />
      <FilterBar clearHref="/audit" filtering={filtering}>
        <FilterText id="audit-actor" label="Actor e-mail" name="actor" value={filters.actor} width="w-56" />
        <FilterText id="audit-target" label="Target name" name="target" value={filters.targetName} width="w-48" />
        <FilterSelect id="audit-type" label="Target type" name="type" value={filters.targetType} width="w-36" options={AUDIT_TARGET_TYPES} anyLabel="Any" />
        <FilterSelect id="audit-action" label="Action" name="action" value={filters.action} width="w-48" options={AUDIT_ACTIONS} anyLabel="Any" />
      </FilterBar>

      {events.length === 0 ? (
        <EmptyState title={filtering ? "No change matches these filters" : "No changes recorded yet"}>
          {filtering ? "Widen the filters to see more." : "Changes to tools, personas, operators and API keys appear here."}
        </EmptyState>
      ) : (
        <ol className="space-y-3" aria-label="Audit events">
          {events.map((event) => (
            <li key={event.id} className="rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone="accent">{event.action}</Badge>
                <span className="font-medium">{event.targetName}</span>
                <span className="text-zinc-500">({event.targetType})</span>
                <span className="ml-auto text-xs text-zinc-500">
                  {event.actorEmail} · <time dateTime={event.createdAt.toISOString()}>{event.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time>
                </span>
              </div>
              <ChangeTable before={event.before} after={event.after} />
            </li>
          ))}
        </ol>
      )}
      {nextCursor !== null && (
        <div className="mt-6">
          <Link href={`/audit?${olderLink}`} className={buttonClasses("secondary")}>Older changes</Link>
        </div>
      )}
    </>
  );
}

function ChangeTable({ before, after }: { before: JsonValue; after: JsonValue }) {
  const changes = describeChange(before, after);
  if (changes.length === 0) return null;
  return (
    <table className="mt-3 w-full table-fixed text-left text-xs">
      <thead className="text-zinc-500">
        <tr>
          <th scope="col" className="w-1/4 py-1 pr-2 font-medium">Field</th>
          <th scope="col" className="py-1 pr-2 font-medium">Before</th>
          <th scope="col" className="py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody className="font-mono">
        {changes.map((change) => (
          <tr key={change.path} className="border-t border-zinc-100 align-top dark:border-zinc-800">
            <td className="break-all py-1 pr-2">{change.path}</td>
            <td className="break-all py-1 pr-2 text-red-700 dark:text-red-400">{change.before ?? "—"}</td>
            <td className="break-all py-1 text-emerald-700 dark:text-emerald-400">{change.after ?? "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
