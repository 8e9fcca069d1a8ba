"use client";

import { useState } from "react";
import { ArgumentsForm } from "@/components/playground/arguments-form";
import { CodeBlock } from "@/components/ui/code-block";
import { Tabs } from "@/components/ui/tabs";
import { PROVIDER_NAMES } from "@/components/providers/variant-line";
import { CompatibilityPanel } from "./compatibility-panel";
import { compatibilityLines, definitionShape, PROVIDER_FORMATS, toProviderSpecs, type ObjectSchema, type ToolDefinition } from "@/lib/tools/client";

/**
 * What the tool looks like from the other side, from the last valid state of the editor: the
 * form a model's arguments fill (RJSF), the tool as each provider receives it (each in its
 * default variant: OpenAI strict where the tool can be), and per provider one line saying whether it
 * is accepted as strict, accepted or refused, and why.
 */
export function LivePreview({ definition }: { definition: ToolDefinition | null }) {
  if (!definition) {
    return <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">The preview appears once the tool is valid.</p>;
  }
  const shape = definitionShape(definition);
  const refused = compatibilityLines(shape).filter((line) => line.verdict === "refused").length;
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
                <CodeBlock key={format} title={PROVIDER_NAMES[format]} code={JSON.stringify(toProviderSpecs([shape], format)[0], null, 2)} maxHeightClass="max-h-64" />
              ))}
            </div>
          ),
        },
        {
          value: "compatibility",
          label: refused === 0 ? "Compatibility" : `Compatibility (${refused} refused)`,
          content: <CompatibilityPanel shape={shape} />,
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
