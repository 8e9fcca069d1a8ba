import { History } from "lucide-react";
import type { Metadata } from "next";
import { AUDIT_ACTION_OPTIONS } from "@/components/audit/action-groups";
import { AuditEntries } from "@/components/audit/audit-entries";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { loadPage } from "@/components/ui/paging";
import { hrefWith } from "@/components/ui/url-filters";
import { formatCount } from "@/components/usage/format";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, searchAuditEvents, type AuditAction, type AuditTargetType } from "@/lib/audit";
import { firstParam, oneOf, type SearchParamValue } from "@/lib/actions/search-params";
import { requirePageOperator } from "@/lib/operators/session";

export const metadata: Metadata = { title: "Audit" };

const PAGE_SIZE = 50;

type SearchParams = Promise<Record<string, SearchParamValue>>;

export default async function AuditPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator();
  const params = await searchParams;
  const text = (name: string) => firstParam(params[name]) || undefined;
  const values = { target: text("target"), actor: text("actor"), type: text("type"), action: text("action"), page: text("page") };
  const search = {
    actor: values.actor,
    target: values.target,
    targetType: oneOf<AuditTargetType>(values.type ?? "", AUDIT_TARGET_TYPES),
    action: oneOf<AuditAction>(values.action ?? "", AUDIT_ACTIONS),
  };
  const { loaded: found, window } = await loadPage(values.page, PAGE_SIZE, (offset, limit) => searchAuditEvents({ ...search, offset, limit }));
  const filtering = Boolean(values.target || values.actor || values.type || values.action);

  return (
    <>
      <PageHeader
        title="Audit"
        description="Every change and sign-in: who, when, and what it was before and after. Open an entry to see its fields. Secret values are never recorded."
      />
      <FilterBar
        basePath="/audit"
        values={values}
        search={{ param: "target", label: "Target name", placeholder: "Target contains…" }}
        textFilters={[{ param: "actor", label: "Actor e-mail", placeholder: "Actor e-mail contains…" }]}
        facets={[
          { param: "action", label: "Action", options: AUDIT_ACTION_OPTIONS },
          { param: "type", label: "Target type", options: AUDIT_TARGET_TYPES },
        ]}
      />
      <p role="status" className={found.total === 0 ? "sr-only" : "mb-2 text-xs text-muted-foreground"}>
        {found.total === 0 ? "No entries." : found.total === 1 ? `1 entry${filtering ? " matches these filters" : ""}.` : `${formatCount(found.total)} entries${filtering ? " match these filters" : ""}.`}
      </p>
      {found.total === 0 ? (
        <EmptyState icon={History} title={filtering ? "No change matches these filters" : "Nothing recorded yet"}>
          {filtering
            ? "Target and actor match any part of the text, ignoring case. Widen or clear the filters to see more."
            : "Changes to tools, personas, operators, API keys and encryption keys, and every sign-in, appear here."}
        </EmptyState>
      ) : (
        <>
          <AuditEntries events={found.events} />
          <Pager window={window} noun={{ one: "entry", other: "entries" }} hrefFor={(page) => hrefWith("/audit", values, { page: String(page) })} />
        </>
      )}
    </>
  );
}
