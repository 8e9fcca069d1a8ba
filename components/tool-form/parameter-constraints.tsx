"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/components/ui/cn";
import { describedBy, Field, Input } from "@/components/ui/field";
import type { ValidationIssue } from "@/lib/errors";
import { CONSTRAINTS, type ConstraintKeyword, type ParameterField } from "@/lib/tools/client";
import { controlId, issuesAt } from "./field-issues";

const CONSTRAINT_LABELS: Record<ConstraintKeyword, string> = {
  minLength: "Min length",
  maxLength: "Max length",
  pattern: "Pattern (regex)",
  format: "Format",
  minimum: "Minimum",
  maximum: "Maximum",
  exclusiveMinimum: "Exclusive minimum",
  exclusiveMaximum: "Exclusive maximum",
  multipleOf: "Multiple of",
  minItems: "Min items",
  maxItems: "Max items",
  uniqueItems: "Unique items",
};

interface SchemaTextFieldProps {
  /** The validator's path of the keyword, e.g. `parameters.properties.city.pattern`. */
  readonly path: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: string;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
}

/** One keyword of a schema as text (kept as typed; the form converts it), with its error. */
export function SchemaTextField({ path, label, value, onChange, hint, issues, readOnly }: SchemaTextFieldProps) {
  const id = controlId(path);
  const error = issuesAt(issues, path);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input id={id} value={value} readOnly={readOnly} error={error} hasHint={Boolean(hint)} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

interface ConstraintFieldsProps {
  readonly field: ParameterField;
  /** The validator's path of the schema they constrain. */
  readonly path: string;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
  readonly onChange: (field: ParameterField) => void;
}

/** The constraints the field's type takes (lengths, bounds, pattern, item counts…), two to a row. */
export function ConstraintFields({ field, path, issues, readOnly, onChange }: ConstraintFieldsProps) {
  const keywords = CONSTRAINTS[field.type];
  if (keywords.length === 0) return null;
  const set = (keyword: ConstraintKeyword) => (value: string) => onChange({ ...field, constraints: { ...field.constraints, [keyword]: value } });
  return (
    <div className="grid items-start gap-3 sm:grid-cols-2">
      {keywords.map((keyword) =>
        keyword === "uniqueItems" ? (
          <UniqueItems key={keyword} path={`${path}.${keyword}`} text={field.constraints[keyword] ?? ""} onChange={set(keyword)} error={issuesAt(issues, `${path}.${keyword}`)} readOnly={readOnly} />
        ) : (
          <SchemaTextField key={keyword} path={`${path}.${keyword}`} label={CONSTRAINT_LABELS[keyword]} value={field.constraints[keyword] ?? ""} onChange={set(keyword)} issues={issues} readOnly={readOnly} />
        ),
      )}
    </div>
  );
}

interface UniqueItemsProps {
  readonly path: string;
  /** The keyword's text in the form: "true", "false" or "" (absent). */
  readonly text: string;
  readonly onChange: (text: string) => void;
  readonly error?: string;
  readonly readOnly: boolean;
}

/** `uniqueItems` is a yes or no, so a checkbox; unticking leaves the keyword out (which means false). */
function UniqueItems({ path, text, onChange, error, readOnly }: UniqueItemsProps) {
  const id = controlId(path);
  return (
    <div className="grid gap-1 sm:col-span-2">
      <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium sm:min-h-8">
        <Checkbox id={id} checked={text === "true"} disabled={readOnly} {...describedBy(id, error, true)} onCheckedChange={(checked) => onChange(checked === true ? "true" : "")} />
        Unique items
      </label>
      <p id={`${id}-${error ? "error" : "hint"}`} className={cn("text-xs", error ? "font-medium text-danger-foreground" : "text-muted-foreground")}>
        {error ?? "No value may appear twice in the list."}
      </p>
    </div>
  );
}
