import { Grid3x3 } from "lucide-react";
import type { Metadata } from "next";
import { PersonaMatrix } from "@/components/personas/persona-matrix";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { pageWindow } from "@/components/ui/paging";
import { hrefWith } from "@/components/ui/url-filters";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { loadPersonaMatrix } from "@/lib/personas/server";
import { agentToolBudgets } from "@/lib/agent-door";

export const metadata: Metadata = { title: "Tools × personas" };

/** Rows per page: with 30 personas, 50 rows is 1,500 switches — about what a page renders smoothly. */
const PAGE_SIZE = 50;

export default async function PersonaMatrixPage({ searchParams }: { searchParams: Promise<Record<string, SearchParamValue>> }) {
  const operator = await requirePageOperator();
  const params = await searchParams;
  const matrix = await loadPersonaMatrix();
  const budgets = await agentToolBudgets(matrix.personas.map((persona) => persona.slug));
  const tokens = Object.fromEntries(matrix.personas.map((persona, index) => [persona.slug, budgets[index]?.providers.openai.tokens ?? 0]));
  const group = firstParam(params.group);
  const rows = group ? matrix.rows.filter((row) => row.group === group) : matrix.rows;
  const window = pageWindow(rows.length, firstParam(params.page) || undefined, PAGE_SIZE);
  const values = { group: group || undefined };

  return (
    <>
      <PageHeader
        breadcrumbs={[{ label: "Personas", href: "/personas" }, { label: "Tools × personas" }]}
        title="Tools × personas"
        description="Every tool for every persona: switch a tool off for one persona, or hover or focus a cell to see why it is or isn't available. Under each persona: what its tools cost every OpenAI request."
      />
      {matrix.personas.length === 0 || matrix.rows.length === 0 ? (
        <EmptyState icon={Grid3x3} title={matrix.personas.length === 0 ? "No personas yet" : "No tools yet"}>
          The matrix fills in once there are personas and tools.
        </EmptyState>
      ) : (
        <div className="grid gap-3">
          <PersonaMatrix
            personas={matrix.personas}
            tokens={tokens}
            rows={rows.slice(window.offset, window.offset + PAGE_SIZE)}
            groups={matrix.groups}
            group={group}
            editable={hasRole(operator.role, "editor")}
          />
          <Pager window={window} noun={{ one: "tool", other: "tools" }} hrefFor={(page) => hrefWith("/personas/matrix", values, { page: String(page) })} />
        </div>
      )}
    </>
  );
}
