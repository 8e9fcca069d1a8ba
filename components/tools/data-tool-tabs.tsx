import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { Tabs } from "@/components/ui/tabs";
import type { listToolRevisions } from "@/lib/catalog/tool-revisions";
import type { ToolDTO } from "@/lib/catalog/tools";
import { credentialView, headerViews, queryViews } from "@/lib/catalog/tool-view";
import type { Credential } from "@/lib/credentials";
import { ParameterTable } from "./parameter-table";
import { RequestCredential } from "./request-credential";
import { ToolHistory } from "./tool-history";

type Revisions = Awaited<ReturnType<typeof listToolRevisions>>;

const TABS = ["request", "parameters", "behaviour", "test", "history", "json"] as const;

function Definition({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

interface DataToolTabsProps {
  readonly tool: ToolDTO;
  readonly revisions: Revisions;
  /** The public parts of the credential stored under the name the tool's `auth.credential` gives; null when none is (or the tool names none). */
  readonly credential: Credential | null;
  readonly tab?: string;
  readonly canRestore: boolean;
  readonly test: React.ReactNode;
}

/** A data-defined tool's details as tabs: request, parameters, behaviour, test (the playground), history, JSON. */
export function DataToolTabs({ tool, revisions, credential, tab, canRestore, test }: DataToolTabsProps) {
  const { definition } = tool;
  const headers = headerViews(tool);
  const sharedCredential = credentialView(tool, credential);
  const query = queryViews(tool);
  return (
    <Tabs
      label="Tool details"
      defaultValue={TABS.find((candidate) => candidate === tab) ?? "request"}
      panels={[
        {
          value: "request",
          label: "Request",
          content: (
            <Card title="Request" description="What Quiver sends when the tool runs. Placeholders are filled from the arguments and the turn context.">
              <dl className="divide-y">
                <Definition term="Endpoint">
                  <span className="flex min-w-0 items-start gap-2">
                    <Badge className="font-mono">{definition.request.method}</Badge>
                    <code className="min-w-0 font-mono text-sm break-all">{definition.request.url}</code>
                  </span>
                </Definition>
                <Definition term="Headers">
                  {headers.length === 0 ? (
                    <span className="text-muted-foreground">none</span>
                  ) : (
                    <ul className="grid gap-1 font-mono text-xs">
                      {headers.map((header) => (
                        <li key={header.name} className="break-all">
                          <span className="text-muted-foreground">{header.name}:</span>{" "}
                          {header.secret ? (
                            <span aria-label={`${header.name} is a secret`}>
                              {header.value ?? "(not set)"} <Badge tone="warning">secret</Badge>
                            </span>
                          ) : (
                            header.value
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </Definition>
                <Definition term="Query">
                  {query.length === 0 ? (
                    <span className="text-muted-foreground">none</span>
                  ) : (
                    <ul className="grid gap-1 font-mono text-xs">
                      {query.map(({ name: key, value, secret }) => (
                        <li key={key} className="break-all">
                          <span className="text-muted-foreground">{key}=</span>
                          {secret ? (
                            <span aria-label={`${key} is a secret`}>
                              {value ?? "(not set)"} <Badge tone="warning">secret</Badge>
                            </span>
                          ) : (
                            value
                          )}
                          {definition.request.query_style?.[key] && <Badge className="ml-2">list joined by {definition.request.query_style[key]}</Badge>}
                        </li>
                      ))}
                    </ul>
                  )}
                </Definition>
                <Definition term="Credential">
                  {sharedCredential ? <RequestCredential credential={sharedCredential} /> : <span className="text-muted-foreground">none</span>}
                </Definition>
                <Definition term="Body">
                  {definition.request.body === null ? (
                    <span className="text-muted-foreground">none</span>
                  ) : (
                    <CodeBlock
                      title={definition.request.body_format === "form" ? "Form fields (sent urlencoded)" : definition.request.body_format === "xml" ? "XML elements (sent as an XML document)" : "Body template"}
                      code={JSON.stringify(definition.request.body, null, 2)}
                      maxHeightClass="max-h-64"
                    />
                  )}
                </Definition>
              </dl>
            </Card>
          ),
        },
        { value: "parameters", label: "Parameters", content: <ParameterTable schema={definition.parameters} /> },
        {
          value: "behaviour",
          label: "Behaviour",
          content: (
            <Card title="Behaviour" description="How the response becomes the result the model sees, and when the tool ends the agent's turn.">
              <dl className="divide-y">
                <Definition term="Extract">
                  <code className="font-mono">{definition.response.extract}</code>
                  {definition.response.path && (
                    <>
                      {" "}
                      at <code className="font-mono">{definition.response.path}</code>
                    </>
                  )}
                </Definition>
                <Definition term="Timeout">{definition.timeout === null ? "the configured default" : `${definition.timeout} s`}</Definition>
                <Definition term="Side effect">{definition.side_effect ? "yes — test-firing asks for confirmation" : "no"}</Definition>
                <Definition term="Group · tags">
                  {definition.group ?? "—"}
                  {definition.tags.length > 0 && ` · ${definition.tags.map((tag) => `#${tag}`).join(" ")}`}
                </Definition>
                <Definition term="Halts the turn">
                  {definition.halt_when ? (
                    <span>
                      when <code className="font-mono">{definition.halt_when.json_path}</code> is one of{" "}
                      {definition.halt_when.equals.map((value) => (
                        <Badge key={value} className="mr-1">
                          {value}
                        </Badge>
                      ))}
                      {definition.halt_when.say && (
                        <>
                          and says{" "}
                          <code className="font-mono">
                            {"text" in definition.halt_when.say ? `“${definition.halt_when.say.text}”` : `the value at ${definition.halt_when.say.json_path}`}
                          </code>
                        </>
                      )}
                    </span>
                  ) : (
                    "never"
                  )}
                </Definition>
              </dl>
            </Card>
          ),
        },
        { value: "test", label: "Test", content: test },
        {
          value: "history",
          label: `History (${revisions.length})`,
          content: <ToolHistory name={tool.name} currentVersion={tool.version} revisions={revisions} canRestore={canRestore} />,
        },
        {
          value: "json",
          label: "JSON",
          content: (
            <div className="grid gap-2">
              <CodeBlock title={`${tool.name}.json`} code={JSON.stringify(definition, null, 2)} />
              <p className="text-xs text-muted-foreground">Secret header values are never shown; the export carries their names with empty values.</p>
            </div>
          ),
        },
      ]}
    />
  );
}
