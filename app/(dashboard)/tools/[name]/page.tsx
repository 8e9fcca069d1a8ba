import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TestTab } from "./test-tab";
import { DataToolTabs } from "@/components/tools/data-tool-tabs";
import { ParameterTable } from "@/components/tools/parameter-table";
import { ToolActions } from "@/components/tools/tool-actions";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { LongText } from "@/components/ui/long-text";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs } from "@/components/ui/tabs";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { getNamedCredential, getTool, listToolRevisions } from "@/lib/catalog";
import { NotFoundError } from "@/lib/errors";
import { getPlaygroundTool } from "@/lib/playground";
import { builtinTools } from "@/lib/tools";

type Params = Promise<{ name: string }>;
type SearchParams = Promise<Record<string, SearchParamValue>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: (await params).name };
}

export default async function ToolPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const operator = await requirePageOperator();
  const { name } = await params;
  const tab = firstParam((await searchParams).tab) || undefined;
  const breadcrumbs = [{ label: "Tools", href: "/tools" }, { label: name }];
  const canEdit = hasRole(operator.role, "editor");
  const tool = await getTool(name);
  const playgroundTool = await getPlaygroundTool(name);
  const test = playgroundTool && <TestTab tool={playgroundTool} canFire={canEdit} />;
  if (tool) {
    const [revisions, credential] = await Promise.all([revisionsOrNotFound(name), getNamedCredential(tool.definition.auth?.credential)]);
    return (
      <>
        <PageHeader
          breadcrumbs={breadcrumbs}
          title={<span className="font-mono">{tool.name}</span>}
          description={<LongText text={tool.definition.description} />}
          meta={
            <>
              <Badge>v{tool.version}</Badge>
              {tool.definition.side_effect ? <StatusBadge status="warning">side effect</StatusBadge> : <StatusBadge status="neutral">read-only</StatusBadge>}
            </>
          }
          actions={canEdit ? <ToolActions name={tool.name} version={tool.version} /> : undefined}
        />
        <DataToolTabs tool={tool} revisions={revisions} credential={credential} tab={tab} canRestore={canEdit} test={test} />
      </>
    );
  }
  const codeTool = builtinTools().find((candidate) => candidate.name === name);
  if (!codeTool) notFound();
  return (
    <>
      <PageHeader
        breadcrumbs={breadcrumbs}
        title={<span className="font-mono">{codeTool.name}</span>}
        description={codeTool.description}
        meta={<Badge tone="accent">code · read-only</Badge>}
      />
      <Tabs
        label="Tool details"
        defaultValue={tab === "json" || tab === "test" ? tab : "parameters"}
        panels={[
          { value: "parameters", label: "Parameters", content: <ParameterTable schema={codeTool.parameters} /> },
          {
            value: "behaviour",
            label: "Behaviour",
            content: (
              <Card title="Behaviour">
                <p className="text-sm text-muted-foreground">
                  Built into Quiver ({codeTool.sideEffect ? "has side effects" : "no side effects"}). Code tools are changed by a deploy, not here;
                  personas can still switch them on or off.
                </p>
              </Card>
            ),
          },
          { value: "test", label: "Test", content: test },
          { value: "json", label: "JSON", content: <CodeBlock title="Parameters schema" code={JSON.stringify(codeTool.parameters, null, 2)} /> },
        ]}
      />
    </>
  );
}

/** The tool's history; a tool deleted since it was read is simply not found. */
async function revisionsOrNotFound(name: string) {
  try {
    return await listToolRevisions(name);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}
