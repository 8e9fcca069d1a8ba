"use client";

import { Plus, Trash2 } from "lucide-react";
import { useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import type { ValidationIssue } from "@/lib/errors";
import { controlId, issuesAt } from "./field-issues";
import { insertAtCursor, PlaceholderMenu } from "./placeholder-menu";
import type { HeaderRow, PairRow, QueryRow } from "./tool-draft";

type Row = PairRow | HeaderRow | QueryRow;

interface KeyValueRowsProps {
  readonly title: string;
  readonly rows: readonly Row[];
  readonly onChange: (rows: Row[]) => void;
  readonly newRow: () => Row;
  readonly addLabel: string;
  readonly readOnly: boolean;
  readonly issuesPath: string;
  readonly issues: readonly ValidationIssue[];
  readonly parameterNames: readonly string[];
  readonly renderExtra?: (row: Row, replace: (row: Row) => void, index: number) => ReactNode;
  /** Replaces the plain value input (e.g. a secret field); null keeps the input. */
  readonly renderValue?: (row: Row) => ReactNode;
  /** A problem of the row found elsewhere than at its own path (its query style), shown under it. */
  readonly rowIssue?: (row: Row) => string | undefined;
}

/**
 * Name/value rows with a placeholder menu per value and a labelled delete button, each on one line
 * from `sm` (a card on phones). A row just added takes the focus; its blank name is not called a
 * mistake until the operator has left that name.
 */
export function KeyValueRows({ title, rows, onChange, newRow, addLabel, readOnly, issuesPath, issues, parameterNames, renderExtra, renderValue, rowIssue }: KeyValueRowsProps) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const [added, setAdded] = useState<string | null>(null);
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set(rows.map((row) => row.key)));
  const replace = (index: number) => (row: Row) => onChange(rows.map((candidate, position) => (position === index ? row : candidate)));
  const add = () => {
    const row = newRow();
    setAdded(row.key);
    onChange([...rows, row]);
  };
  const blockError = issuesAt(issues, issuesPath);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">{title}</legend>
      {rows.length === 0 && <p className="text-sm text-muted-foreground">None.</p>}
      {rows.map((row, index) => {
        const path = `${issuesPath}.${row.name}`;
        const pending = row.name.trim() === "" && !left.has(row.key);
        const error = pending ? undefined : issuesAt(issues, path);
        const extraError = rowIssue?.(row);
        const custom = renderValue?.(row);
        const name = row.name || `${title.toLowerCase()} ${index + 1}`;
        return (
          <div key={row.key} className="grid gap-1.5 rounded-md border bg-surface p-2 sm:border-0 sm:bg-transparent sm:p-0">
            <div className="flex flex-wrap items-start gap-2 sm:flex-nowrap">
              <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
                <label htmlFor={controlId(`${path}#name-${index}`)} className="sr-only">
                  {title} name {index + 1}
                </label>
                <Input
                  ref={(element) => {
                    if (element && added === row.key) {
                      element.focus();
                      setAdded(null);
                    }
                  }}
                  id={controlId(`${path}#name-${index}`)}
                  value={row.name}
                  placeholder="Name"
                  readOnly={readOnly}
                  spellCheck={false}
                  className="font-mono"
                  onChange={(event) => replace(index)({ ...row, name: event.target.value })}
                  onBlur={() => setLeft((current) => new Set(current).add(row.key))}
                />
              </div>
              <div className="flex min-w-0 basis-full items-start gap-2 sm:flex-[2] sm:basis-0">
                {custom ? (
                  <div className="min-w-0 flex-1">{custom}</div>
                ) : (
                  <>
                    <div className="min-w-0 flex-1">
                      <label htmlFor={controlId(path)} className="sr-only">
                        Value of {name}
                      </label>
                      <Input
                        ref={(element) => {
                          if (element) inputs.current.set(row.key, element);
                        }}
                        id={controlId(path)}
                        value={row.value}
                        placeholder="Value"
                        readOnly={readOnly}
                        error={error}
                        spellCheck={false}
                        className="font-mono"
                        onChange={(event) => replace(index)({ ...row, value: event.target.value })}
                      />
                    </div>
                    {!readOnly && (
                      <PlaceholderMenu
                        label={`Insert a placeholder into ${row.name || "this value"}`}
                        parameters={parameterNames}
                        onInsert={(placeholder) => replace(index)({ ...row, value: insertAtCursor(inputs.current.get(row.key) ?? null, row.value, placeholder) })}
                      />
                    )}
                  </>
                )}
              </div>
              {renderExtra?.(row, replace(index), index)}
              {!readOnly && (
                <Button variant="ghost" size="icon" className="ml-auto" onClick={() => onChange(rows.filter((_, position) => position !== index))}>
                  <Trash2 aria-hidden />
                  <span className="sr-only">Remove {name}</span>
                </Button>
              )}
            </div>
            {error && <p className="text-xs font-medium text-danger-foreground">{error}</p>}
            {extraError && <p className="text-xs font-medium text-danger-foreground">{extraError}</p>}
          </div>
        );
      })}
      {blockError && <p className="text-xs font-medium text-danger-foreground">{blockError}</p>}
      {!readOnly && (
        <div>
          <Button variant="secondary" size="sm" onClick={add}>
            <Plus aria-hidden /> {addLabel}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
