import { StatusBadge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { Tabs } from "@/components/ui/tabs";
import type { PersonaToolSpecs } from "@/lib/personas/server/persona-specs";
import type { ProviderFormat } from "@/lib/tools/client";

const LABELS: Record<ProviderFormat, string> = { openai: "OpenAI", anthropic: "Anthropic", gemini: "Gemini", mcp: "MCP" };
const SEVERITY = { refused: "danger", changed: "warning", note: "neutral" } as const;

/**
 * Whether a note points into the parameters schema, where its dotted path is the place to edit.
 * Notes on the tool's name, description or side effect say what they concern in their message,
 * so their path (`sideEffect`) would only be a field's code name.
 */
const inSchema = (path: string) => path.startsWith("parameters.");

/**
 * What the agent sees: the persona's effective tools in each provider's format, exactly as the
 * runtime API serves them (the same function builds both), with that provider's notes.
 */
export function AgentView({ persona, formats }: { persona: string; formats: readonly PersonaToolSpecs<ProviderFormat>[] }) {
  return (
    <Tabs
      label="Tool format"
      panels={formats.map(({ format, specs, notes }) => ({
        value: format,
        label: LABELS[format],
        content: (
          <div className="grid gap-3">
            <p className="text-sm text-muted-foreground">
              {specs.length === 0
                ? "This persona has no tools: an agent using it receives an empty list."
                : `${specs.length} tool${specs.length === 1 ? "" : "s"}, exactly as agents receive them from GET /api/v1/personas/${persona}/tools?format=${format}.`}
            </p>
            <CodeBlock title={`${LABELS[format]} tools of ${persona}`} code={JSON.stringify(specs, null, 2)} />
            <section aria-label={`${LABELS[format]} compatibility notes`} className="grid gap-2">
              <h3 className="text-sm font-semibold">Compatibility notes</h3>
              {notes.length === 0 ? (
                <p className="text-sm text-muted-foreground">{LABELS[format]} takes these tools as written.</p>
              ) : (
                <ul className="grid gap-1.5 text-sm">
                  {notes.map((note, index) => (
                    <li key={`${note.tool}-${note.path}-${index}`} className="flex flex-wrap items-start gap-2">
                      <StatusBadge status={SEVERITY[note.severity]}>{note.severity}</StatusBadge>
                      <span className="min-w-0 break-words">
                        <code className="font-mono text-xs">{note.tool}</code>
                        {inSchema(note.path) && (
                          <>
                            {" "}
                            · <code className="font-mono text-xs">{note.path}</code>
                          </>
                        )}
                        : {note.message}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        ),
      }))}
    />
  );
}
