"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Field, Input } from "@/components/ui/field";
import { issuesInside } from "@/components/ui/field-errors";
import { JsonEditor } from "@/components/ui/json-editor";
import { Select } from "@/components/ui/select";
import type { ValidationIssue } from "@/lib/errors";
import { EXTRACT_KINDS } from "@/lib/tools/client";
import { controlId, issuesAt } from "./field-issues";
import { defaultSideEffect, type SayKind, type SideEffectChoice, type ToolDraft } from "./tool-draft";

interface BehaviourEditorProps {
  readonly draft: ToolDraft;
  readonly update: (patch: Partial<ToolDraft>) => void;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
}

const EXTRACT_LABELS: Record<string, string> = {
  body_raw: "The raw body as text",
  status: "The HTTP status",
  json_path: "A value at a JSON path",
  evidence_envelope: "Citable evidence records",
};

/** Extractions whose result may be an object, so an output schema can describe it. */
const DESCRIBABLE_EXTRACTS = new Set(["body_raw", "json_path"]);

/** Extraction, its output schema, halting, evidence, side effect and timeout: what happens after the response. */
export function BehaviourEditor({ draft, update, issues, readOnly }: BehaviourEditorProps) {
  const text = (path: string, label: string, value: string, onChange: (value: string) => void, hint?: string) => {
    const error = issuesAt(issues, path);
    return (
      <Field id={controlId(path)} label={label} error={error} hint={hint}>
        <Input id={controlId(path)} value={value} readOnly={readOnly} error={error} hasHint={Boolean(hint)} spellCheck={false} onChange={(event) => onChange(event.target.value)} />
      </Field>
    );
  };
  const { halt, evidence } = draft;
  return (
    <div className="grid gap-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={controlId("response.extract")} label="Result for the model" error={issuesAt(issues, "response.extract")}>
          <Select id={controlId("response.extract")} value={draft.extract} disabled={readOnly} onChange={(event) => update({ extract: event.target.value })}>
            {EXTRACT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {EXTRACT_LABELS[kind] ?? kind}
              </option>
            ))}
          </Select>
        </Field>
        {draft.extract === "json_path" && text("response.path", "JSON path", draft.extractPath, (extractPath) => update({ extractPath }), "Dotted, e.g. data.items.0.status")}
      </div>

      {(DESCRIBABLE_EXTRACTS.has(draft.extract) || draft.outputSchema.trim() !== "") && (
        <div className="grid gap-1.5">
          <span className="text-sm font-medium">Output schema (optional)</span>
          <JsonEditor
            label="Output schema"
            id={controlId("output_schema")}
            value={draft.outputSchema}
            onChange={(outputSchema) => update({ outputSchema })}
            issues={issuesInside(issues, "output_schema")}
            readOnly={readOnly}
            minHeight="5rem"
          />
          <p className="text-xs text-muted-foreground">
            A JSON Schema of the result, with <code className="font-mono">{'{"type": "object"}'}</code> at its root. MCP clients receive it and the result as structured content; every
            result is checked against it, so a changed upstream shows as an error here first.{draft.extract === "body_raw" ? " The body is then read as JSON." : ""} Empty means no schema.
          </p>
          {issuesAt(issues, "output_schema") && <p className="text-xs font-medium text-danger-foreground">{issuesAt(issues, "output_schema")}</p>}
        </div>
      )}

      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Halt the turn</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <Checkbox checked={halt.enabled} disabled={readOnly} onCheckedChange={(checked) => update({ halt: { ...halt, enabled: checked === true } })} />
          End the agent&apos;s turn when the response says so
        </label>
        {halt.enabled && (
          <div className="grid gap-3 sm:grid-cols-2">
            {text("halt_when.json_path", "When the value at", halt.jsonPath, (jsonPath) => update({ halt: { ...halt, jsonPath } }))}
            {text("halt_when.equals", "Is one of", halt.equals, (equals) => update({ halt: { ...halt, equals } }), "Comma-separated, compared as text.")}
            <Field id={controlId("halt_when.say.kind")} label="Then say">
              <Select id={controlId("halt_when.say.kind")} value={halt.sayKind} disabled={readOnly} onChange={(event) => update({ halt: { ...halt, sayKind: event.target.value as SayKind } })}>
                <option value="none">Nothing</option>
                <option value="text">A fixed text</option>
                <option value="json_path">The text at a JSON path</option>
              </Select>
            </Field>
            {halt.sayKind !== "none" &&
              text(halt.sayKind === "text" ? "halt_when.say.text" : "halt_when.say.json_path", halt.sayKind === "text" ? "Text" : "Path of the text", halt.say, (say) => update({ halt: { ...halt, say } }))}
          </div>
        )}
        {issuesAt(issues, "halt_when") && <p className="text-xs font-medium text-danger-foreground">{issuesAt(issues, "halt_when")}</p>}
      </fieldset>

      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Evidence</legend>
        <label className="inline-flex items-center gap-2 text-sm">
          <Checkbox checked={evidence.enabled} disabled={readOnly} onCheckedChange={(checked) => update({ evidence: { ...evidence, enabled: checked === true } })} />
          Return citable records
        </label>
        {evidence.enabled && (
          <div className="grid gap-3 sm:grid-cols-2">
            {text("evidence.items_path", "Records at", evidence.itemsPath, (itemsPath) => update({ evidence: { ...evidence, itemsPath } }), "Empty: the whole body is one record.")}
            {text("evidence.source", "Source", evidence.source, (source) => update({ evidence: { ...evidence, source } }))}
            {text("evidence.max_items", "At most", evidence.maxItems, (maxItems) => update({ evidence: { ...evidence, maxItems } }))}
            {text(
              "evidence.fields",
              "Fields (label=path, comma-separated)",
              evidence.fields.map((field) => `${field.name}=${field.value}`).join(", "),
              (value) =>
                update({
                  evidence: {
                    ...evidence,
                    fields: value
                      .split(",")
                      .map((pair) => pair.split("="))
                      .filter((pair) => pair[0]?.trim())
                      .map(([name, path], index) => ({ key: `evidence-${index}`, name: name!.trim(), value: (path ?? "").trim() })),
                  },
                }),
            )}
          </div>
        )}
      </fieldset>

      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={controlId("side_effect")} label="Side effect" error={issuesAt(issues, "side_effect")} hint="Tools with side effects ask for confirmation before a test-fire.">
          <Select id={controlId("side_effect")} value={draft.sideEffect} disabled={readOnly} onChange={(event) => update({ sideEffect: event.target.value as SideEffectChoice })}>
            <option value="auto">From the method ({defaultSideEffect(draft.method) ? "yes" : "no"})</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </Select>
        </Field>
        {text("timeout", "Timeout (seconds)", draft.timeout, (timeout) => update({ timeout }), "1–120; empty uses the configured default.")}
      </div>
      <div className="grid gap-1">
        <label className="inline-flex items-center gap-2 text-sm">
          <Checkbox checked={draft.traceContext} disabled={readOnly} onCheckedChange={(checked) => update({ traceContext: checked === true })} />
          Send trace context to the API
        </label>
        <p className="text-xs text-muted-foreground">
          When Quiver sends traces, each call carries a W3C <code>traceparent</code> header so the API&apos;s own traces join the agent&apos;s. Turn off for an API
          that refuses unknown headers.
        </p>
      </div>
    </div>
  );
}
