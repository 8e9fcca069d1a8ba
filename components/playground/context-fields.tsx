"use client";

import { Field, Input } from "@/components/ui/field";
import { CONTEXT_FIELDS } from "@/lib/tools/client";

/** The turn-context fields a run carries (`{{ctx.…}}` placeholders read them); blanks are not sent. */
export function ContextFields({ value, onChange, idPrefix }: { value: Readonly<Record<string, string>>; onChange: (value: Record<string, string>) => void; idPrefix: string }) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">Turn context</legend>
      {CONTEXT_FIELDS.map((field) => {
        const id = `${idPrefix}-ctx-${field}`;
        return (
          <Field key={field} id={id} label={<span className="font-mono">{field}</span>}>
            <Input id={id} value={value[field] ?? ""} onChange={(event) => onChange({ ...value, [field]: event.target.value })} autoComplete="off" spellCheck={false} />
          </Field>
        );
      })}
    </fieldset>
  );
}
