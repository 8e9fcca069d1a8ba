import type { Metadata } from "next";
import { StaleNamesCleanup } from "@/components/personas/stale-names-cleanup";
import { ToolToggle } from "@/components/personas/tool-toggle";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Table } from "@/components/ui/table";
import { hasRole } from "@/lib/auth/roles";
import { requirePageOperator } from "@/lib/auth/session";
import { listResolvedPersonas } from "@/lib/runtime/persona-tools";

export const metadata: Metadata = { title: "Personas" };

export default async function PersonasPage() {
  const operator = await requirePageOperator();
  const { personas, catalogSize } = await listResolvedPersonas();
  const canToggle = hasRole(operator.role, "editor");

  return (
    <>
      <PageHeader
        title="Personas"
        description="Each persona is an agent profile. Its tools are the grant an admin set (inherited from its parent unless it has its own) minus what operators switched off."
      />
      {personas.length === 0 ? (
        <EmptyState title="No personas yet">Personas created by your administrator appear here with the tools each may use.</EmptyState>
      ) : (
        <div className="space-y-6">
          {personas.map(({ persona, resolution, grantSummary, staleNames }) => (
            <section
              key={persona.slug}
              aria-labelledby={`persona-${persona.slug}`}
              className="rounded-lg border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="flex flex-wrap items-baseline gap-2">
                <h2 id={`persona-${persona.slug}`} className="text-lg font-semibold">{persona.name}</h2>
                <code className="text-xs text-zinc-500">{persona.slug}</code>
                {persona.parentSlug && <Badge>child of {persona.parentSlug}</Badge>}
                <span className="ml-auto text-xs text-zinc-500">
                  {grantSummary} · {resolution.available.length} of {catalogSize} available
                </span>
              </div>
              {persona.description && <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{persona.description}</p>}
              <StaleNamesCleanup persona={persona.slug} names={staleNames} canClean={canToggle} />
              <Table
                caption={`Tools of ${persona.name}`}
                framed={false}
                className="mt-4"
                columns={[{ label: "Tool" }, { label: "Availability" }, { label: "Enabled", className: "text-right" }]}
              >
                {resolution.explanations.map((explanation) => (
                  <tr key={explanation.tool} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-2 pr-4 font-mono">{explanation.tool}</td>
                    <td className="py-2 pr-4">
                      <Badge tone={explanation.available ? "success" : explanation.code === "disabled_by_operator" ? "warning" : "neutral"}>
                        {explanation.reason}
                      </Badge>
                    </td>
                    <td className="py-2 text-right">
                      {explanation.code === "outside_grant" ? (
                        <span className="text-xs text-zinc-500" title="Not in the grant: an admin decides the grant">
                          not granted
                        </span>
                      ) : (
                        <ToolToggle
                          persona={persona.slug}
                          tool={explanation.tool}
                          enabled={explanation.code !== "disabled_by_operator"}
                          editable={canToggle}
                        />
                      )}
                    </td>
                  </tr>
                  ))}
                </Table>
              </section>
          ))}
        </div>
      )}
    </>
  );
}
