import { Grid3x3, UsersRound } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { CreatePersonaDialog } from "@/components/personas/create-persona-dialog";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Cell, Row, Table } from "@/components/ui/table";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { treeOrder } from "@/lib/personas";
import { listResolvedPersonas, loadGroupedCatalog } from "@/lib/personas/server";

export const metadata: Metadata = { title: "Personas" };

export default async function PersonasPage() {
  const operator = await requirePageOperator();
  const isAdmin = hasRole(operator.role, "admin");
  const [{ personas, catalogSize }, { catalog, groupOf }] = await Promise.all([listResolvedPersonas(), loadGroupedCatalog()]);
  const rows = treeOrder(personas.map((resolved) => ({ ...resolved, slug: resolved.persona.slug, parentSlug: resolved.persona.parentSlug })));

  return (
    <>
      <PageHeader
        title="Personas"
        description="Each persona is an agent profile. Its tools are the grant an admin set (inherited from its parent unless it has its own) minus what operators switched off."
        actions={
          <>
            <Button asChild variant="secondary">
              <Link href="/personas/matrix">
                <Grid3x3 aria-hidden />
                Tools × personas
              </Link>
            </Button>
            {isAdmin && (
              <CreatePersonaDialog
                personas={personas.map(({ persona }) => ({ slug: persona.slug, name: persona.name }))}
                tools={catalog.map((tool) => ({ value: tool.name, label: tool.name, group: groupOf(tool.name), sideEffect: tool.sideEffect }))}
              />
            )}
          </>
        }
      />
      {personas.length === 0 ? (
        <EmptyState icon={UsersRound} title="No personas yet">
          {isAdmin ? "Create a persona to give an agent a set of tools." : "Personas created by your administrator appear here with the tools each may use."}
        </EmptyState>
      ) : (
        <Table
          caption="Personas, in tree order"
          columns={[{ label: "Persona" }, { label: "Parent" }, { label: "Grant" }, { label: "Tools", className: "text-right" }, { label: "Names of deleted tools", className: "text-right" }]}
        >
          {rows.map(({ persona: { persona, resolution, grantSummary, staleNames }, depth }) => (
            <Row key={persona.slug} label={persona.name}>
              <Cell>
                <div className="flex min-w-0 items-start gap-2" style={{ paddingInlineStart: `${Math.min(depth, 6) * 1.25}rem` }}>
                  {depth > 0 && (
                    <span aria-hidden className="text-muted-foreground">
                      └
                    </span>
                  )}
                  <div className="min-w-0">
                    <Link href={`/personas/${persona.slug}`} className="font-medium hover:underline focus-visible:underline">
                      {persona.name}
                    </Link>
                    <div className="truncate font-mono text-xs text-muted-foreground" title={persona.slug}>
                      {persona.slug}
                    </div>
                    {persona.description && <p className="mt-0.5 line-clamp-2 max-w-md text-xs text-muted-foreground">{persona.description}</p>}
                  </div>
                </div>
              </Cell>
              <Cell label="Parent">
                {persona.parentSlug ? (
                  <Link href={`/personas/${persona.parentSlug}`} className="font-mono text-xs whitespace-nowrap hover:underline">
                    {persona.parentSlug}
                  </Link>
                ) : (
                  <span className="text-xs text-muted-foreground">root</span>
                )}
              </Cell>
              <Cell label="Grant">
                <span className="text-xs">{grantSummary}</span>
              </Cell>
              <Cell label="Tools" className="whitespace-nowrap tabular-nums md:text-right">
                <span title={`${resolution.available.length} of ${catalogSize} tools available`}>
                  {resolution.available.length} / {catalogSize}
                </span>
              </Cell>
              <Cell label="Names of deleted tools" className="md:text-right">
                {staleNames.length > 0 ? (
                  <StatusBadge status="warning" title={staleNames.join(", ")}>
                    {staleNames.length} to remove
                  </StatusBadge>
                ) : (
                  <Badge tone="neutral">none</Badge>
                )}
              </Cell>
            </Row>
          ))}
        </Table>
      )}
    </>
  );
}
