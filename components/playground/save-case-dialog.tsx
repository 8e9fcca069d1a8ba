"use client";

import { useId, useState, useTransition, type ReactNode } from "react";
import { useCloseGuard } from "@/components/shell/close-guard";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { fieldError, issuesInside, issuesWithin } from "@/components/ui/field-errors";
import { JsonEditor } from "@/components/ui/json-editor";
import type { ActionResult } from "@/lib/actions/action-result";
import type { ValidationIssue } from "@/lib/errors";
import type { Expectation, PlaygroundRunView, TestCaseView } from "@/lib/playground/playground-types";
import { describeExpectation } from "@/lib/playground/test-expectations";
import { ContextFields } from "./context-fields";

export type SaveCase = (name: string, expectations: readonly Expectation[]) => Promise<ActionResult<TestCaseView>>;

/** Everything an edit can change; the server checks it all as it checks a new case. */
export interface CaseValues {
  readonly name: string;
  readonly arguments: unknown;
  readonly context: Record<string, string>;
  readonly expectations: unknown;
}

export type EditCase = (values: CaseValues) => Promise<ActionResult<TestCaseView>>;

interface DialogState {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}

/** Save `run` as a new case, or edit the saved `testCase`. */
type SaveCaseDialogProps = DialogState & ({ readonly run: PlaygroundRunView; readonly onSave: SaveCase } | { readonly testCase: TestCaseView; readonly onSave: EditCase });

/**
 * One dialog for a test case, new or saved: "Save as test case" keeps a run's arguments and
 * context with the expectations it suggests (checkboxes, all chosen at first); "Edit test case"
 * changes a saved case's name, arguments, turn context and expectations. The server checks
 * everything; its problems show next to their field and the dialog stays open.
 */
export function SaveCaseDialog(props: SaveCaseDialogProps) {
  return "run" in props ? <NewCaseDialog {...props} /> : <EditCaseDialog {...props} />;
}

/** The name field, the problems and the Save button both dialogs share. */
function useCaseForm(initialName: string, dialog: DialogState) {
  const id = useId();
  const [name, setName] = useState(initialName);
  const [issues, setIssues] = useState<readonly ValidationIssue[]>([]);
  const [formError, setFormError] = useState<string>();
  const [pending, startTransition] = useTransition();

  /** Sends when the browser finds no problem; keeps the dialog open with the server's problems otherwise. */
  const submit = (problems: readonly ValidationIssue[], send: () => Promise<ActionResult<TestCaseView>>, fields: readonly string[]) => {
    const found = name.trim() ? problems : [{ path: "name", message: "Name the test case" }, ...problems];
    setFormError(undefined);
    setIssues(found);
    if (found.length > 0) return;
    startTransition(async () => {
      const result = await send();
      if (result.ok) {
        dialog.onOpenChange(false);
        return;
      }
      setIssues(result.errors);
      const placed = (issue: ValidationIssue) => ["name", ...fields].some((field) => fieldError([issue], field));
      const elsewhere = result.errors.filter((issue) => !placed(issue));
      if (elsewhere.length > 0) setFormError(elsewhere.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join(" "));
      else if (result.errors.length === 0) setFormError(result.message);
    });
  };
  return { id, name, setName, issues, formError, pending, submit, dialog };
}

type CaseForm = ReturnType<typeof useCaseForm>;

/** The problem at `field` or inside it, saying where inside (`0.kind: …`) so it can be found in a JSON document. */
function problemAt(issues: readonly ValidationIssue[], field: string): string | undefined {
  const issue = issuesWithin(issues, field)[0];
  if (!issue) return undefined;
  return issue.path === field ? issue.message : `${issue.path.slice(field.length + 1)}: ${issue.message}`;
}


interface CaseDialogFrameProps {
  readonly form: CaseForm;
  readonly title: string;
  readonly description: string;
  readonly onSubmit: () => void;
  /** What is in the dialog differs from what it opened with: closing it asks first. */
  readonly unsaved: boolean;
  readonly children: ReactNode;
}

function CaseDialogFrame({ form, title, description, onSubmit, unsaved, children }: CaseDialogFrameProps) {
  const nameError = fieldError(form.issues, "name");
  const { open, onOpenChange } = form.dialog;
  const guard = useCloseGuard({ open, unsaved, what: "this test case", close: () => onOpenChange(false) });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : guard.requestClose())}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={guard.requestClose}>
            Cancel
          </Button>
          <Button onClick={onSubmit} disabled={form.pending}>
            {form.pending ? "Saving…" : "Save test case"}
          </Button>
        </>
      }
    >
      <form
        className="grid min-w-0 gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Field id={`${form.id}-name`} label="Name" error={nameError}>
          <Input id={`${form.id}-name`} value={form.name} error={nameError} onChange={(event) => form.setName(event.target.value)} autoComplete="off" />
        </Field>
        {children}
        {form.formError && (
          <p role="alert" className="text-sm font-medium text-danger-foreground">
            {form.formError}
          </p>
        )}
      </form>
      {guard.question}
    </Dialog>
  );
}

function NewCaseDialog({ run, onSave, ...dialog }: DialogState & { readonly run: PlaygroundRunView; readonly onSave: SaveCase }) {
  const form = useCaseForm("", dialog);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(run.suggestedExpectations.map((_, index) => index)));
  const expectationsError = problemAt(form.issues, "expectations");

  const save = () => {
    const expectations = run.suggestedExpectations.filter((_, index) => chosen.has(index));
    const problems = expectations.length === 0 ? [{ path: "expectations", message: "Choose at least one expectation" }] : [];
    form.submit(problems, () => onSave(form.name.trim(), expectations), ["expectations"]);
  };

  return (
    <CaseDialogFrame
      form={form}
      onSubmit={save}
      unsaved={form.name.trim() !== ""}
      title="Save as test case"
      description="The run's arguments and context are kept with the expectations you choose. Run all checks them again later."
    >
      <fieldset className="grid gap-2" aria-describedby={expectationsError ? `${form.id}-expectations-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Expectations</legend>
        {run.suggestedExpectations.length === 0 && <p className="text-sm text-muted-foreground">This run suggests no expectation.</p>}
        {run.suggestedExpectations.map((expectation, index) => (
          <label key={index} className="flex min-w-0 items-start gap-2 text-sm">
            <Checkbox
              className="mt-0.5"
              checked={chosen.has(index)}
              onCheckedChange={(checked) =>
                setChosen((current) => {
                  const next = new Set(current);
                  if (checked === true) next.add(index);
                  else next.delete(index);
                  return next;
                })
              }
            />
            <span className="min-w-0 break-all font-mono text-xs leading-5">{describeExpectation(expectation)}</span>
          </label>
        ))}
        {expectationsError && (
          <p id={`${form.id}-expectations-error`} className="text-xs font-medium text-danger-foreground">
            {expectationsError}
          </p>
        )}
      </fieldset>
    </CaseDialogFrame>
  );
}

const asJsonText = (value: unknown) => JSON.stringify(value, null, 2);

/** The value of JSON text `text` typed into field `path`, or the problem to show beside it. */
function readJson(text: string, path: string): { value: unknown } | { issue: ValidationIssue } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return { issue: { path, message: `Not valid JSON: ${error instanceof SyntaxError ? error.message : "check the brackets and quotes"}` } };
  }
}

function EditCaseDialog({ testCase, onSave, ...dialog }: DialogState & { readonly testCase: TestCaseView; readonly onSave: EditCase }) {
  const form = useCaseForm(testCase.name, dialog);
  const [argumentsText, setArgumentsText] = useState(() => asJsonText(testCase.arguments));
  const [context, setContext] = useState<Record<string, string>>(() => ({ ...testCase.context }));
  const [expectationsText, setExpectationsText] = useState(() => asJsonText(testCase.expectations));

  const save = () => {
    const args = readJson(argumentsText, "arguments");
    const expectations = readJson(expectationsText, "expectations");
    const problems = [args, expectations].flatMap((read) => ("issue" in read ? [read.issue] : []));
    const filled = Object.fromEntries(Object.entries(context).filter(([, value]) => value !== ""));
    form.submit(
      problems,
      () => onSave({ name: form.name.trim(), arguments: "value" in args ? args.value : null, context: filled, expectations: "value" in expectations ? expectations.value : null }),
      ["arguments", "context", "expectations"],
    );
  };

  const jsonField = (field: "arguments" | "expectations", label: string, hint: string, value: string, onChange: (text: string) => void) => {
    const fieldId = `${form.id}-${field}`;
    const error = problemAt(form.issues, field);
    return (
      <Field id={fieldId} label={label} error={error} hint={hint}>
        <JsonEditor id={fieldId} label={label} value={value} onChange={onChange} issues={issuesInside(form.issues, field)} minHeight="6rem" />
      </Field>
    );
  };

  return (
    <CaseDialogFrame
      form={form}
      onSubmit={save}
      unsaved={
        form.name !== testCase.name ||
        argumentsText !== asJsonText(testCase.arguments) ||
        expectationsText !== asJsonText(testCase.expectations) ||
        JSON.stringify(context) !== JSON.stringify(testCase.context)
      }
      title="Edit test case"
      description="Change what the case sends and what it expects. Its last result is cleared unless only the name changes."
    >
      {jsonField("arguments", "Arguments", "A JSON object, as the tool receives it.", argumentsText, setArgumentsText)}
      <ContextFields idPrefix={form.id} value={context} onChange={setContext} issues={form.issues} />
      {jsonField("expectations", "Expectations", 'A JSON list, e.g. {"kind": "http_status", "equals": 200}.', expectationsText, setExpectationsText)}
    </CaseDialogFrame>
  );
}
