import { Info } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ConnectSnippets } from "@/components/api-keys/connect-snippets";
import { AgentView } from "@/components/personas/agent-view";
import { ContextBudgetView } from "@/components/personas/context-budget";
import { GrantEditor } from "@/components/personas/grant-editor";
import { PersonaSettings } from "@/components/personas/persona-settings";
import { SearchModeSetting, SearchModeSuggestion } from "@/components/personas/search-mode-setting";
import { StaleNamesCleanup } from "@/components/personas/stale-names-cleanup";
import { ToolSwitches } from "@/components/personas/tool-switches";
import { tokensText } from "@/components/tools/token-cost-labels";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { Tabs, type TabPanel } from "@/components/ui/tabs";
import { firstParam, type SearchParamValue } from "@/lib/actions/search-params";
import { hasRole } from "@/lib/operators";
import { requirePageOperator } from "@/lib/operators/session";
import { getPersonaView, personaToolSpecs, previewPersonaDeletion, type PersonaView } from "@/lib/personas/server";
import { NotFoundError } from "@/lib/errors";
import { agentToolBudget, retentionDaysFromEnv, searchModeThresholdFromEnv } from "@/lib/agent-door";
import { publicOrigin } from "@/lib/setup";
import { PROVIDER_FORMATS } from "@/lib/tools/client";

type Params = Promise<{ slug: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return { title: `Persona ${(await params).slug}` };
}

async function viewOrNotFound(slug: string): Promise<PersonaView> {
  try {
    return await getPersonaView(slug);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

/** How inheritance works, and for a child, what its parent switched off (which does not apply here). */
function InheritanceNote({ view }: { view: PersonaView }) {
  const offOnParent = view.tools.filter((tool) => tool.offOnParent).map((tool) => tool.name);
  return (
    <aside aria-label="How inheritance works" className="flex gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 gap-1">
        <p>
          A parent&apos;s <strong>grant</strong> narrows its children (a child without its own grant takes its parent&apos;s). A parent&apos;s{" "}
          <strong>switches</strong> apply to the parent alone: switching a tool off on a base persona leaves it on for its children.
        </p>
        {view.parent && (
          <p className="break-words text-muted-foreground">
            {offOnParent.length > 0 ? (
              <>
                Switched off on <Link href={`/personas/${view.parent.slug}`} className="underline">{view.parent.name}</Link> (not here):{" "}
                <span className="font-mono text-xs">{offOnParent.join(", ")}</span>
              </>
            ) : (
              <>
                <Link href={`/personas/${view.parent.slug}`} className="underline">{view.parent.name}</Link> has switched nothing off.
              </>
            )}
          </p>
        )}
      </div>
    </aside>
  );
}

/** The grant as editors see it: where it comes from and what it names. */
function GrantSummary({ view }: { view: PersonaView }) {
  const { persona, grantSummary } = view.resolved;
  return (
    <div className="grid max-w-2xl gap-2 text-sm">
      <p>
        This persona&apos;s grant: <strong>{grantSummary}</strong>
        {view.grantSource && view.grantSource !== persona.slug ? ` (the ceiling comes from ${view.grantSource})` : ""}.
      </p>
      {Array.isArray(persona.grant) && persona.grant.length > 0 && (
        <ul aria-label="Granted tools" className="flex flex-wrap gap-1.5">
          {persona.grant.map((name) => (
            <li key={name}>
              <Badge className="font-mono">{name}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="text-muted-foreground">Only an admin can change a grant.</p>
    </div>
  );
}

export default async function PersonaPage({ params, searchParams }: { params: Params; searchParams: Promise<Record<string, SearchParamValue>> }) {
  const operator = await requirePageOperator();
  const { slug } = await params;
  const tab = firstParam((await searchParams).tab);
  const isAdmin = hasRole(operator.role, "admin");
  const view = await viewOrNotFound(slug);
  const [formats, deletion, budget] = await Promise.all([
    Promise.all(PROVIDER_FORMATS.map((format) => personaToolSpecs(slug, format))),
    isAdmin ? previewPersonaDeletion(slug) : null,
    agentToolBudget(slug),
  ]);
  if (budget === null) notFound();
  const { persona, grantSummary, staleNames } = view.resolved;
  const toolOptions = view.tools.map((tool) => ({ value: tool.name, label: tool.name, group: tool.group, sideEffect: tool.sideEffect }));
  const exampleTool = view.tools.find((tool) => tool.available)?.name;
  const searchMode = {
    persona: slug,
    enabled: persona.exposeAsSearch,
    toolCount: view.availableCount,
    threshold: searchModeThresholdFromEnv(process.env),
    editable: hasRole(operator.role, "editor"),
  };

  const panels: TabPanel[] = [
    {
      value: "tools",
      label: "Tools",
      content: (
        <div className="grid gap-4">
          <InheritanceNote view={view} />
          <ToolSwitches persona={slug} personaName={persona.name} tools={view.tools} groups={view.groups} editable={hasRole(operator.role, "editor")} />
        </div>
      ),
    },
    {
      value: "agent",
      label: "What the agent sees",
      content: (
        <div className="grid gap-4">
          <SearchModeSetting {...searchMode} />
          <AgentView persona={slug} formats={formats} />
        </div>
      ),
    },
    { value: "budget", label: "Context budget", content: <ContextBudgetView persona={slug} budget={budget} /> },
    {
      value: "connect",
      label: "Connect",
      content: (
        <div className="grid max-w-3xl gap-3">
          <p className="text-sm text-muted-foreground">
            Point an agent&apos;s MCP client (or any HTTP client) at this persona with an API key that covers it. Keys are created once, by an admin, under{" "}
            <Link href="/settings/api-keys" className="font-medium text-accent-foreground underline-offset-2 hover:underline">
              Settings → API keys
            </Link>
            ; the configuration there comes with the new key filled in.
          </p>
          <ConnectSnippets
            idPrefix="persona"
            origin={publicOrigin()}
            personas={[{ slug, name: persona.name }]}
            exampleTools={exampleTool ? { [slug]: exampleTool } : {}}
          />
        </div>
      ),
    },
    {
      value: "grant",
      label: "Grant",
      content: isAdmin ? <GrantEditor persona={slug} grant={persona.grant} parentSlug={persona.parentSlug} tools={toolOptions} /> : <GrantSummary view={view} />,
    },
  ];
  if (isAdmin && deletion) {
    panels.push({
      value: "settings",
      label: "Settings",
      content: <PersonaSettings persona={persona} otherPersonas={view.otherPersonas} deletion={deletion} callLogRetentionDays={retentionDaysFromEnv(process.env)} />,
    });
  }

  return (
    <section aria-label={persona.name} className="min-w-0">
      <PageHeader
        breadcrumbs={[{ label: "Personas", href: "/personas" }, { label: persona.name }]}
        title={persona.name}
        meta={<code className="rounded bg-muted px-1.5 py-0.5 text-xs">{persona.slug}</code>}
        description={persona.description || undefined}
      />
      <dl className="mb-4 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:flex sm:flex-wrap">
        <div>
          <dt className="text-xs text-muted-foreground">Parent</dt>
          <dd>{persona.parentSlug ? <Link href={`/personas/${persona.parentSlug}`} className="font-mono hover:underline">{persona.parentSlug}</Link> : "none (root)"}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Grant</dt>
          <dd>{grantSummary}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Available</dt>
          <dd className="tabular-nums">
            {view.availableCount} of {view.catalogSize} tools
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Context cost</dt>
          <dd className="tabular-nums">
            <Link href={`/personas/${slug}?tab=budget`} className="hover:underline">
              {tokensText(budget.providers.openai.tokens)} a request (OpenAI)
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Children</dt>
          <dd className="break-words">
            {view.children.length === 0
              ? "none"
              : view.children.map((child, index) => (
                  <span key={child.slug}>
                    {index > 0 && ", "}
                    <Link href={`/personas/${child.slug}`} className="font-mono hover:underline">
                      {child.slug}
                    </Link>
                  </span>
                ))}
          </dd>
        </div>
      </dl>
      <StaleNamesCleanup persona={slug} names={staleNames} canClean={hasRole(operator.role, "editor")} />
      <SearchModeSuggestion {...searchMode} />
      {/* A link to ?tab= from this very page (the header's budget figure) opens that tab: a new tab remounts them. */}
      <Tabs key={tab} label="Persona sections" panels={panels} defaultValue={panels.some((panel) => panel.value === tab) ? tab : "tools"} />
    </section>
  );
}
