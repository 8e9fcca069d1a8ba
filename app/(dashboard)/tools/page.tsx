import { Wrench } from "lucide-react";
import type { Metadata } from "next";
import { ToolRow, type ToolRowData } from "@/components/tools/tool-row";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { pageWindow } from "@/components/ui/paging";
import { Table } from "@/components/ui/table";
import { hrefWith } from "@/components/ui/url-filters";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { requirePageOperator } from "@/lib/auth/session";
import { listToolsForDashboard } from "@/lib/runtime/tool-list";

export const metadata: Metadata = { title: "Tools" };

const PAGE_SIZE = 50;

type SearchParams = Promise<Record<string, SearchParamValue>>;

export default async function ToolsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator();
  const params = await searchParams;
  const values = { q: firstParam(params.q) || undefined, group: firstParam(params.group) || undefined, page: firstParam(params.page) || undefined };
  const { dataTools, codeTools, groups } = await listToolsForDashboard({ search: values.q, group: values.group });
  const rows: ToolRowData[] = [
    ...dataTools.map((tool) => ({ ...tool, kind: "data" as const })),
    ...codeTools.map((tool) => ({ ...tool, kind: "code" as const })),
  ];
  const window = pageWindow(rows.length, values.page, PAGE_SIZE);
  const filtering = Boolean(values.q || values.group);

  return (
    <>
      <PageHeader title="Tools" description="HTTP tools defined as data, and the built-in code tools. Agents see them through their personas." />
      <FilterBar
        basePath="/tools"
        values={values}
        search={{ param: "q", label: "Search", placeholder: "Search by name or description" }}
        facets={[{ param: "group", label: "Group", options: groups }]}
      />
      {rows.length === 0 && !filtering ? (
        <EmptyState icon={Wrench} title="No tools yet">
          Data-defined tools you add appear here next to the built-in code tools.
        </EmptyState>
      ) : (
        <Table
          caption="Tools"
          columns={[{ label: "Tool" }, { label: "Kind" }, { label: "Group · tags" }, { label: "Updated" }, { label: "Actions", srOnly: true }]}
          isEmpty={rows.length === 0}
          empty="No tool matches these filters. Try another search, or clear the filters."
          footer={<Pager window={window} noun="tools" hrefFor={(page) => hrefWith("/tools", values, { page: String(page) })} />}
        >
          {rows.slice(window.offset, window.offset + PAGE_SIZE).map((tool) => (
            <ToolRow key={tool.name} tool={tool} />
          ))}
        </Table>
      )}
    </>
  );
}
