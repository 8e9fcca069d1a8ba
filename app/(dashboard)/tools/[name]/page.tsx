import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ParameterTable } from "@/components/tools/parameter-table";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { Section } from "@/components/ui/section";
import { requirePageOperator } from "@/lib/auth/session";
import { listToolRevisions } from "@/lib/db/tool-revisions";
import { getTool } from "@/lib/db/tools";
import { NotFoundError } from "@/lib/errors";
import { headerViews } from "@/lib/runtime/tool-view";
import { builtinTools } from "@/lib/tools/builtin";

type Params = Promise<{ name: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: (await params).name };
}

export default async function ToolPage({ params }: { params: Params }) {
  await requirePageOperator();
  const { name } = await params;
  const tool = await getTool(name);
  if (tool) return <DataToolDetails tool={tool} revisions={await revisionsOrNotFound(name)} />;
  const codeTool = builtinTools().find((candidate) => candidate.name === name);
  if (!codeTool) notFound();
  return (
    <>
      <PageHeader title={codeTool.name} description={codeTool.description} actions={<Badge tone="accent">code · read-only</Badge>} />
      <div className="grid gap-6">
        <Section title="Parameters">
          <ParameterTable schema={codeTool.parameters} />
        </Section>
        <Section title="Behaviour">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Built into Quiver ({codeTool.sideEffect ? "has side effects" : "no side effects"}). Code tools are changed by a deploy, not here;
            personas can still switch them on or off.
          </p>
        </Section>
      </div>
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

type DataTool = NonNullable<Awaited<ReturnType<typeof getTool>>>;
type Revisions = Awaited<ReturnType<typeof listToolRevisions>>;

function DataToolDetails({ tool, revisions }: { tool: DataTool; revisions: Revisions }) {
  const { definition } = tool;
  return (
    <>
      <PageHeader
        title={tool.name}
        description={definition.description}
        actions={
          <span className="flex gap-1">
            <Badge>v{tool.version}</Badge>
            {definition.side_effect && <Badge tone="warning">side effect</Badge>}
          </span>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Request">
          <p className="break-all font-mono text-sm">
            <Badge>{definition.request.method}</Badge> {definition.request.url}
          </p>
          <dl className="mt-3 space-y-1 text-sm">
            {headerViews(tool).map((header) => (
              <div key={header.name} className="flex gap-2">
                <dt className="font-mono text-zinc-600 dark:text-zinc-400">{header.name}:</dt>
                <dd className="font-mono">
                  {header.secret ? (
                    <span aria-label={`${header.name} is a secret`}>{header.value ?? "(not set)"} <Badge tone="warning">secret</Badge></span>
                  ) : (
                    header.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-zinc-500">
            Timeout: {definition.timeout === null ? "default" : `${definition.timeout} s`} · Extract: {definition.response.extract}
            {definition.response.path ? ` (${definition.response.path})` : ""}
          </p>
        </Section>
        <Section title="Parameters">
          <ParameterTable schema={definition.parameters} />
        </Section>
        {definition.halt_when && (
          <Section title="Halt">
            <p className="text-sm">
              Ends the turn when <code className="font-mono">{definition.halt_when.json_path}</code> is one of{" "}
              {definition.halt_when.equals.map((value) => (
                <Badge key={value}>{value}</Badge>
              ))}
              {definition.halt_when.say && (
                <>
                  {" "}and says{" "}
                  <code className="font-mono">
                    {"text" in definition.halt_when.say ? `“${definition.halt_when.say.text}”` : `the value at ${definition.halt_when.say.json_path}`}
                  </code>
                </>
              )}
              .
            </p>
          </Section>
        )}
        <Section title="History">
          <ol className="space-y-1 text-sm">
            {revisions.map((revision) => (
              <li key={revision.version}>
                <span className="font-mono">v{revision.version}</span> · {revision.createdBy} ·{" "}
                <time dateTime={revision.createdAt.toISOString()}>{revision.createdAt.toISOString().replace("T", " ").slice(0, 16)} UTC</time>
                {revision.note && <span className="text-zinc-500"> — {revision.note}</span>}
              </li>
            ))}
          </ol>
        </Section>
        <Section title="Definition (JSON)">
          <pre className="max-h-96 overflow-auto rounded bg-zinc-100 p-3 text-xs dark:bg-zinc-950">{JSON.stringify(definition, null, 2)}</pre>
          <p className="mt-2 text-xs text-zinc-500">Secret header values are never shown; the export carries their names with empty values.</p>
        </Section>
      </div>
    </>
  );
}
