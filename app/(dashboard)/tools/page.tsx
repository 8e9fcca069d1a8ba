import { Download, Plus, Upload, Wrench } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { EXPORT_FORM_ID, ToolRow } from "@/components/tools/tool-row";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { loadPage } from "@/components/ui/paging";
import { Table } from "@/components/ui/table";
import { hrefWith } from "@/components/ui/url-filters";
import { firstParam, oneOf, type SearchParamValue } from "@/lib/actions/search-params";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { listToolHealth } from "@/lib/playground";
import { listToolsForDashboard } from "@/lib/catalog";

export const metadata: Metadata = { title: "Tools" };

const PAGE_SIZE = 50;

type SearchParams = Promise<Record<string, SearchParamValue>>;

const SIDE_EFFECT_OPTIONS = { "side effect": true, "read-only": false } as const;
const SORT_OPTIONS = ["name", "updated"] as const;

export default async function ToolsPage({ searchParams }: { searchParams: SearchParams }) {
  const operator = await requirePageOperator();
  const canEdit = hasRole(operator.role, "editor");
  const params = await searchParams;
  const text = (name: string) => firstParam(params[name]) || undefined;
  const values = { q: text("q"), group: text("group"), tag: text("tag"), method: text("method"), effect: text("effect"), sort: text("sort"), page: text("page") };
  const effect = oneOf(values.effect ?? "", Object.keys(SIDE_EFFECT_OPTIONS) as (keyof typeof SIDE_EFFECT_OPTIONS)[]);
  const filters = {
    search: values.q,
    group: values.group,
    tag: values.tag,
    method: values.method?.toUpperCase(),
    sideEffect: effect === undefined ? undefined : SIDE_EFFECT_OPTIONS[effect],
    sort: oneOf(values.sort ?? "", SORT_OPTIONS),
  };
  const { loaded: listing, window } = await loadPage(values.page, PAGE_SIZE, (offset, limit) => listToolsForDashboard({ ...filters, offset, limit }));
  const health = await listToolHealth(listing.rows.map((row) => row.name));
  const filtering = Boolean(values.q || values.group || values.tag || values.method || values.effect);

  return (
    <>
      <PageHeader
        title="Tools"
        description="HTTP tools defined as data, and the built-in code tools. Agents see them through their personas."
        actions={
          <>
            {canEdit && (
              <Button asChild variant="secondary">
                <Link href="/tools/import-tools">
                  <Upload aria-hidden />
                  Import
                </Link>
              </Button>
            )}
            <Button asChild variant="secondary">
              <a href="/tools/export.json" download>
                <Download aria-hidden />
                Export all
              </a>
            </Button>
            {canEdit && (
              <Button asChild>
                <Link href="/tools/new-tool">
                  <Plus aria-hidden />
                  New tool
                </Link>
              </Button>
            )}
          </>
        }
      />
      <FilterBar
        basePath="/tools"
        values={values}
        search={{ param: "q", label: "Search", placeholder: "Search by name or description" }}
        facets={[
          { param: "group", label: "Group", options: listing.groups },
          { param: "tag", label: "Tag", options: listing.tags },
          { param: "method", label: "Method", options: listing.methods },
          { param: "effect", label: "Side effect", options: Object.keys(SIDE_EFFECT_OPTIONS) },
          { param: "sort", label: "Sort", options: SORT_OPTIONS },
        ]}
      />
      {listing.total === 0 && !filtering ? (
        <EmptyState icon={Wrench} title="No tools yet">
          Data-defined tools you add appear here next to the built-in code tools.
        </EmptyState>
      ) : (
        <>
          <form id={EXPORT_FORM_ID} action="/tools/export.json" method="get" className="mb-2 flex flex-wrap items-center justify-end gap-2">
            <p className="text-xs text-muted-foreground">With none selected, every tool is exported.</p>
            <Button type="submit" variant="secondary" size="sm">
              <Download aria-hidden />
              Export selected
            </Button>
          </form>
          <Table
            caption="Tools"
            columns={[{ label: "Select", srOnly: true }, { label: "Tool" }, { label: "Kind" }, { label: "Group · tags" }, { label: "Updated" }, { label: "Actions", srOnly: true }]}
            isEmpty={listing.rows.length === 0}
            empty="No tool matches these filters. Try another search, or clear the filters."
            footer={<Pager window={window} noun={{ one: "tool", other: "tools" }} hrefFor={(page) => hrefWith("/tools", values, { page: String(page) })} />}
          >
            {listing.rows.map((tool) => (
              <ToolRow key={tool.name} tool={tool} canEdit={canEdit} health={health.get(tool.name)} />
            ))}
          </Table>
        </>
      )}
    </>
  );
}
