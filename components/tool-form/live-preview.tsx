"use client";

import { useState } from "react";
import { ArgumentsForm } from "@/components/playground/arguments-form";
import { StatusBadge } from "@/components/ui/badge";
import { CodeBlock } from "@/components/ui/code-block";
import { Tabs } from "@/components/ui/tabs";
import { compatibilityReport, definitionShape, PROVIDER_FORMATS, toProviderSpecs, type ObjectSchema, type ToolDefinition } from "@/lib/tools/client";

const PROVIDER_NAMES: Record<string, string> = { openai: "OpenAI", anthropic: "Anthropic", gemini: "Gemini", mcp: "MCP" };

/**
 * What the tool looks like from the other side, from the last valid state of the editor: the
 * form a model's arguments fill (RJSF), the tool as each provider receives it, and what each
 * provider would change or refuse.
 */
export function LivePreview({ definition }: { definition: ToolDefinition | null }) {
  if (!definition) {
    return <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">The preview appears once the tool is valid.</p>;
  }
  const shape = definitionShape(definition);
  const report = compatibilityReport(shape);
  const findings = PROVIDER_FORMATS.flatMap((format) => report[format]);
  return (
    <Tabs
      label="Preview"
      panels={[
        {
          value: "form",
          label: "Arguments form",
          content: (
            <div className="rounded-md border bg-surface p-3">
              <PreviewForm schema={definition.parameters} />
            </div>
          ),
        },
        {
          value: "providers",
          label: "Providers",
          content: (
            <div className="grid gap-3">
              {PROVIDER_FORMATS.map((format) => (
                <CodeBlock key={format} title={PROVIDER_NAMES[format] ?? format} code={JSON.stringify(toProviderSpecs([shape], format)[0], null, 2)} maxHeightClass="max-h-64" />
              ))}
            </div>
          ),
        },
        {
          value: "compatibility",
          label: `Compatibility (${findings.length})`,
          content:
            findings.length === 0 ? (
              <p className="text-sm text-muted-foreground">Every provider accepts this tool as written.</p>
            ) : (
              <ul className="grid gap-2">
                {findings.map((finding, index) => (
                  <li key={index} className="grid gap-1 rounded-md border bg-surface p-2 text-sm">
                    <span className="flex flex-wrap items-center gap-2">
                      <StatusBadge status={finding.severity === "refused" ? "danger" : finding.severity === "changed" ? "warning" : "neutral"}>
                        {PROVIDER_NAMES[finding.provider]} · {finding.severity}
                      </StatusBadge>
                      <code className="font-mono text-xs break-all">{finding.path}</code>
                    </span>
                    <span className="text-muted-foreground">{finding.message}</span>
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}

/** The form the Test tab shows (same templates, same labels), filled in here only to try it. */
function PreviewForm({ schema }: { schema: ObjectSchema }) {
  const [value, setValue] = useState<unknown>(undefined);
  return <ArgumentsForm schema={schema} value={value} onChange={setValue} formRef={null} idPrefix="preview" />;
}
