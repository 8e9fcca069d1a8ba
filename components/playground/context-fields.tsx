"use client";

import { Field, Input } from "@/components/ui/field";
import { fieldError } from "@/components/ui/field-errors";
import type { ValidationIssue } from "@/lib/errors";
import { CONTEXT_FIELDS } from "@/lib/tools/client";

interface ContextFieldsProps {
  readonly value: Readonly<Record<string, string>>;
  readonly onChange: (value: Record<string, string>) => void;
  readonly idPrefix: string;
  /** The server's problems with the last run's input; those at `context.FIELD` show next to that field. */
  readonly issues?: readonly ValidationIssue[];
}

/** The turn-context fields a run carries (`{{ctx.…}}` placeholders read them); blanks are not sent. */
export function ContextFields({ value, onChange, idPrefix, issues = [] }: ContextFieldsProps) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">Turn context</legend>
      {CONTEXT_FIELDS.map((field) => {
        const id = `${idPrefix}-ctx-${field}`;
        const error = fieldError(issues, `context.${field}`);
        return (
          <Field key={field} id={id} label={<span className="font-mono">{field}</span>} error={error}>
            <Input id={id} error={error} value={value[field] ?? ""} onChange={(event) => onChange({ ...value, [field]: event.target.value })} autoComplete="off" spellCheck={false} />
          </Field>
        );
      })}
    </fieldset>
  );
}
