import type { Metadata } from "next";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Field, Select, TextInput } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { requirePageOperator } from "@/lib/auth/session";
import { listToolGroups, listTools } from "@/lib/db/tools";
import { builtinTools } from "@/lib/tools/builtin";

export const metadata: Metadata = { title: "Tools" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? "";

export default async function ToolsPage({ searchParams }: { searchParams: SearchParams }) {
  await requirePageOperator();
  const params = await searchParams;
  const search = first(params.q);
  const group = first(params.group);
  const [tools, groups] = await Promise.all([listTools({ search, group }), listToolGroups()]);
  const codeTools = builtinTools().filter(
    (tool) => !group && (!search || `${tool.name}\n${tool.description}`.toLowerCase().includes(search.toLowerCase())),
  );
  const filtering = Boolean(search || group);

  return (
    <>
      <PageHeader title="Tools" description="HTTP tools defined as data, and the built-in code tools. Agents see them through their personas." />
      <form method="get" className="mb-6 flex flex-wrap items-end gap-3" role="search">
        <div className="w-64">
          <Field id="tool-search" label="Search">
            <TextInput id="tool-search" name="q" defaultValue={search} placeholder="Name or description" />
          </Field>
        </div>
        <div className="w-48">
          <Field id="tool-group" label="Group">
            <Select id="tool-group" name="group" defaultValue={group}>
              <option value="">All groups</option>
              {groups.map((name) => (
                <option key={name} value={name}>{name}</option>
              ))}
            </Select>
          </Field>
        </div>
        <button type="submit" className={buttonClasses("secondary")}>Filter</button>
        {filtering && <Link href="/tools" className={buttonClasses("ghost")}>Clear</Link>}
      </form>

      {tools.length === 0 && codeTools.length === 0 ? (
        <EmptyState title={filtering ? "No tool matches" : "No tools yet"}>
          {filtering ? "Try another search or group." : "Data-defined tools you add appear here next to the built-in code tools."}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Tools</caption>
            <thead className="bg-zinc-100 text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-2">Tool</th>
                <th scope="col" className="px-4 py-2">Kind</th>
                <th scope="col" className="px-4 py-2">Group · tags</th>
                <th scope="col" className="px-4 py-2">Version</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {tools.map((tool) => (
                <tr key={tool.name}>
                  <td className="px-4 py-3">
                    <Link href={`/tools/${tool.name}`} className="font-mono font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                      {tool.name}
                    </Link>
                    <p className="mt-0.5 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{tool.description}</p>
                  </td>
                  <td className="px-4 py-3">
                    <span className="flex flex-wrap gap-1">
                      <Badge>{tool.method}</Badge>
                      {tool.sideEffect && <Badge tone="warning">side effect</Badge>}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <span className="flex flex-wrap gap-1">
                      {tool.group && <Badge tone="accent">{tool.group}</Badge>}
                      {tool.tags.map((tag) => (
                        <Badge key={tag}>#{tag}</Badge>
                      ))}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-xs text-zinc-600 dark:text-zinc-400">
                    v{tool.version} · {tool.updatedBy}
                  </td>
                </tr>
              ))}
              {codeTools.map((tool) => (
                <tr key={tool.name}>
                  <td className="px-4 py-3">
                    <Link href={`/tools/${tool.name}`} className="font-mono font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                      {tool.name}
                    </Link>
                    <p className="mt-0.5 line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{tool.description}</p>
                  </td>
                  <td className="px-4 py-3"><Badge tone="accent">code</Badge></td>
                  <td className="px-4 py-3 text-xs text-zinc-500">built in</td>
                  <td className="px-4 py-3 text-xs text-zinc-500">read-only</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
