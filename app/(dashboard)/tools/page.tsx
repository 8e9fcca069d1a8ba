import type { Metadata } from "next";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar, FilterSelect, FilterText } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Table } from "@/components/ui/table";
import { ToolRow } from "@/components/tools/tool-row";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { requirePageOperator } from "@/lib/auth/session";
import { listToolsForDashboard } from "@/lib/runtime/tool-list";

export const metadata: Metadata = { title: "Tools" };

type SearchParams = Promise<Record<string, SearchParamValue>>;

export default async function ToolsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator();
  const params = await searchParams;
  const search = firstParam(params.q);
  const group = firstParam(params.group);
  const { dataTools: tools, codeTools, groups } = await listToolsForDashboard({ search, group });
  const filtering = Boolean(search || group);

  return (
    <>
      <PageHeader title="Tools" description="HTTP tools defined as data, and the built-in code tools. Agents see them through their personas." />
      <FilterBar clearHref="/tools" filtering={filtering}>
        <FilterText id="tool-search" label="Search" name="q" value={search} width="w-64" placeholder="Name or description" />
        <FilterSelect id="tool-group" label="Group" name="group" value={group} width="w-48" options={groups} anyLabel="All groups" />
      </FilterBar>

      {tools.length === 0 && codeTools.length === 0 ? (
        <EmptyState title={filtering ? "No tool matches" : "No tools yet"}>
          {filtering ? "Try another search or group." : "Data-defined tools you add appear here next to the built-in code tools."}
        </EmptyState>
      ) : (
        <Table caption="Tools" columns={[{ label: "Tool" }, { label: "Kind" }, { label: "Group · tags" }, { label: "Version" }]}>
          {tools.map((tool) => (
            <ToolRow
              key={tool.name}
              name={tool.name}
              description={tool.description}
              kind={
                <>
                  <Badge>{tool.method}</Badge>
                  {tool.sideEffect && <Badge tone="warning">side effect</Badge>}
                </>
              }
              grouping={
                <>
                  {tool.group && <Badge tone="accent">{tool.group}</Badge>}
                  {tool.tags.map((tag) => (
                    <Badge key={tag}>#{tag}</Badge>
                  ))}
                </>
              }
              version={`v${tool.version} · ${tool.updatedBy}`}
            />
          ))}
          {codeTools.map((tool) => (
            <ToolRow
              key={tool.name}
              name={tool.name}
              description={tool.description}
              kind={<Badge tone="accent">code</Badge>}
              grouping="built in"
              version="read-only"
            />
          ))}
        </Table>
      )}
    </>
  );
}
