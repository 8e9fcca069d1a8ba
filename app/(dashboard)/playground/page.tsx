import { FlaskConical } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { HealthBadge } from "@/components/playground/health-badge";
import { LastRun } from "@/components/playground/last-run";
import { ToolNameCell } from "@/components/tools/tool-name-cell";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterBar } from "@/components/ui/filter-bar";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { loadPage } from "@/components/ui/paging";
import { Cell, Row, Table } from "@/components/ui/table";
import { hrefWith } from "@/components/ui/url-filters";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { requirePageOperator } from "@/lib/operators/session";
import { listLatestPlaygroundRuns, listToolHealth } from "@/lib/playground";
import { listToolsForDashboard } from "@/lib/catalog";

export const metadata: Metadata = { title: "Playground" };

const PAGE_SIZE = 25;

type SearchParams = Promise<Record<string, SearchParamValue>>;

/** Every tool with its test health and last run; each opens the tool's Test tab. */
export default async function PlaygroundPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator();
  const params = await searchParams;
  const values = { q: firstParam(params.q) || undefined, page: firstParam(params.page) || undefined };
  const { loaded: listing, window } = await loadPage(values.page, PAGE_SIZE, (offset, limit) => listToolsForDashboard({ search: values.q, offset, limit }));
  const names = listing.rows.map((row) => row.name);
  const [health, lastRuns] = await Promise.all([listToolHealth(names), listLatestPlaygroundRuns(names)]);

  return (
    <>
      <PageHeader title="Playground" description="Dry-run or fire any tool, and keep its saved test cases passing. Pick a tool to open its Test tab." />
      <FilterBar basePath="/playground" values={values} search={{ param: "q", label: "Search", placeholder: "Search tools by name or description" }} facets={[]} />
      {listing.total === 0 && !values.q ? (
        <EmptyState icon={FlaskConical} title="No tools to test">
          Tools you add appear here, ready to dry-run and fire.
        </EmptyState>
      ) : (
        <Table
          caption="Tools to test"
          columns={[{ label: "Tool" }, { label: "Kind" }, { label: "Test cases" }, { label: "Last run" }, { label: "Actions", srOnly: true }]}
          isEmpty={listing.rows.length === 0}
          empty="No tool matches this search."
          footer={<Pager window={window} noun={{ one: "tool", other: "tools" }} hrefFor={(page) => hrefWith("/playground", values, { page: String(page) })} />}
        >
          {listing.rows.map((tool) => (
            <Row key={tool.name} label={tool.name}>
              <ToolNameCell name={tool.name} description={tool.description} href={`/tools/${tool.name}?tab=test`} actionRoom="button" />
              <Cell label="Kind">{tool.kind === "data" ? <Badge className="font-mono">{tool.method}</Badge> : <Badge tone="accent">code</Badge>}</Cell>
              <Cell label="Test cases">{health.has(tool.name) ? <HealthBadge health={health.get(tool.name)} /> : <span className="text-xs text-muted-foreground">none</span>}</Cell>
              <Cell label="Last run">
                <LastRun run={lastRuns.get(tool.name) ?? null} />
              </Cell>
              <Cell actions>
                <Button asChild variant="secondary" size="sm">
                  <Link href={`/tools/${tool.name}?tab=test`} aria-label={`Test ${tool.name}`}>
                    Test
                  </Link>
                </Button>
              </Cell>
            </Row>
          ))}
        </Table>
      )}
    </>
  );
}
