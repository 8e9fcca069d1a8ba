"use client";

import { useState } from "react";
import { CodeBlock } from "@/components/ui/code-block";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Tabs } from "@/components/ui/tabs";
import { PersonaOptions } from "@/components/personas/persona-selects";
import { connectSnippets, mcpEndpoint } from "@/lib/agent-door/connect-snippets";

interface ConnectSnippetsProps {
  /** Quiver's public origin (`NEXTAUTH_URL`'s). */
  readonly origin: string;
  /** The personas the key reaches (one on a persona page); with several, the operator picks one. */
  readonly personas: readonly { slug: string; name: string }[];
  /** The key just created; absent, a placeholder. Built in the browser, never sent back. */
  readonly apiKey?: string;
  /** A tool per persona for the curl example. */
  readonly exampleTools?: Readonly<Record<string, string>>;
  /** Distinguishes several on one page (ids). */
  readonly idPrefix: string;
}

/** "Connect an agent": the persona's MCP URL and ready-to-paste configuration per client, each with a copy button. */
export function ConnectSnippets({ origin, personas, apiKey, exampleTools = {}, idPrefix }: ConnectSnippetsProps) {
  const [slug, setSlug] = useState(personas[0]?.slug ?? "");
  if (!slug) return null;
  const snippets = connectSnippets({ origin, personaSlug: slug, key: apiKey, exampleTool: exampleTools[slug] });
  const { url } = mcpEndpoint({ origin, personaSlug: slug });
  return (
    <div className="grid min-w-0 gap-3">
      {personas.length > 1 && (
        <Field id={`${idPrefix}-persona`} label="Persona to connect">
          <Select id={`${idPrefix}-persona`} value={slug} onChange={(event) => setSlug(event.target.value)}>
            <PersonaOptions personas={personas} />
          </Select>
        </Field>
      )}
      <p className="text-sm text-muted-foreground">
        MCP server URL: <code className="font-mono text-xs break-all text-foreground">{url}</code>
      </p>
      <Tabs
        label="Agent clients"
        panels={snippets.map((snippet) => ({
          value: snippet.id,
          label: snippet.label,
          content: (
            <div className="grid min-w-0 gap-2">
              <CodeBlock title={`${snippet.label}: ${snippet.title}`} code={snippet.code} maxHeightClass="max-h-72" />
              <p className="text-sm text-muted-foreground">{snippet.hint}</p>
            </div>
          ),
        }))}
      />
    </div>
  );
}
