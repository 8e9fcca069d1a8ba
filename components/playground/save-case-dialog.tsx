"use client";

import { useId, useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import type { ActionResult } from "@/lib/actions/action-result";
import type { Expectation, PlaygroundRunView, TestCaseView } from "@/lib/runtime/playground-types";
import { describeExpectation } from "@/lib/runtime/test-expectations";

export type SaveCase = (name: string, expectations: readonly Expectation[]) => Promise<ActionResult<TestCaseView>>;

interface SaveCaseDialogProps {
  readonly run: PlaygroundRunView;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly onSave: SaveCase;
}

/**
 * "Save as test case": a name and the expectations this run suggests, each a checkbox (all
 * chosen at first). The run's arguments and context come along; the server checks everything.
 */
export function SaveCaseDialog({ run, open, onOpenChange, onSave }: SaveCaseDialogProps) {
  const id = useId();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(run.suggestedExpectations.map((_, index) => index)));
  const [errors, setErrors] = useState<{ name?: string; expectations?: string; form?: string }>({});
  const [pending, startTransition] = useTransition();

  const save = () => {
    const expectations = run.suggestedExpectations.filter((_, index) => chosen.has(index));
    if (!name.trim()) return setErrors({ name: "Name the test case" });
    if (expectations.length === 0) return setErrors({ expectations: "Choose at least one expectation" });
    startTransition(async () => {
      const result = await onSave(name.trim(), expectations);
      if (result.ok) {
        setName("");
        setErrors({});
        onOpenChange(false);
        return;
      }
      const nameIssue = result.errors.find((issue) => issue.path === "name");
      const expectationIssue = result.errors.find((issue) => issue.path.startsWith("expectations"));
      setErrors({ name: nameIssue?.message, expectations: expectationIssue?.message, form: nameIssue || expectationIssue ? undefined : result.message });
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Save as test case"
      description="The run's arguments and context are kept with the expectations you choose. Run all checks them again later."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={save} disabled={pending}>
            {pending ? "Saving…" : "Save test case"}
          </Button>
        </>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <Input id={`${id}-name`} value={name} error={errors.name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
        </Field>
        <fieldset className="grid gap-2" aria-describedby={errors.expectations ? `${id}-expectations-error` : undefined}>
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
          {errors.expectations && (
            <p id={`${id}-expectations-error`} className="text-xs font-medium text-danger-foreground">
              {errors.expectations}
            </p>
          )}
        </fieldset>
        {errors.form && (
          <p role="alert" className="text-sm font-medium text-danger-foreground">
            {errors.form}
          </p>
        )}
      </form>
    </Dialog>
  );
}
