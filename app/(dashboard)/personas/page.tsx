import { UsersRound } from "lucide-react";
import type { Metadata } from "next";
import { StaleNamesCleanup } from "@/components/personas/stale-names-cleanup";
import { ToolToggle } from "@/components/personas/tool-toggle";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Cell, Row, Table } from "@/components/ui/table";
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
        <EmptyState icon={UsersRound} title="No personas yet">
          Personas created by your administrator appear here with the tools each may use.
        </EmptyState>
      ) : (
        <div className="grid gap-8">
          {personas.map(({ persona, resolution, grantSummary, staleNames }) => (
            <section key={persona.slug} id={`persona-${persona.slug}`} aria-labelledby={`persona-${persona.slug}-name`} className="grid scroll-mt-20 gap-3">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 id={`persona-${persona.slug}-name`} className="text-lg font-semibold">
                  {persona.name}
                </h2>
                <code className="text-xs text-muted-foreground">{persona.slug}</code>
                {persona.parentSlug && <Badge>child of {persona.parentSlug}</Badge>}
                <span className="text-xs text-muted-foreground sm:ml-auto tabular-nums">
                  {grantSummary} · {resolution.available.length} of {catalogSize} available
                </span>
                {persona.description && <p className="basis-full text-sm text-muted-foreground">{persona.description}</p>}
              </div>
              <StaleNamesCleanup persona={persona.slug} names={staleNames} canClean={canToggle} />
              <Table caption={`Tools of ${persona.name}`} columns={[{ label: "Tool" }, { label: "Availability" }, { label: "Enabled", className: "text-right" }]}>
                {resolution.explanations.map((explanation) => (
                  <Row key={explanation.tool} label={explanation.tool}>
                    <Cell className="font-mono">{explanation.tool}</Cell>
                    <Cell label="Availability">
                      <StatusBadge status={explanation.available ? "success" : explanation.code === "disabled_by_operator" ? "warning" : "neutral"}>
                        {explanation.reason}
                      </StatusBadge>
                    </Cell>
                    <Cell label="Enabled" className="md:text-right">
                      {explanation.code === "outside_grant" ? (
                        <span className="text-xs text-muted-foreground" title="Not in the grant: an admin decides the grant">
                          not granted
                        </span>
                      ) : (
                        <ToolToggle persona={persona.slug} tool={explanation.tool} enabled={explanation.code !== "disabled_by_operator"} editable={canToggle} />
                      )}
                    </Cell>
                  </Row>
                ))}
              </Table>
            </section>
          ))}
        </div>
      )}
    </>
  );
}
