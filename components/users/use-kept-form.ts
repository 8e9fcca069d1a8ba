"use client";

import { startTransition, useActionState, useEffect, useState, type FormEvent } from "react";
import { toast } from "@/components/ui/toaster";
import type { ActionResult } from "@/lib/actions/action-result";

type FormAction<R> = (previous: ActionResult<R> | null, form: FormData) => Promise<ActionResult<R>>;

/**
 * A form of text fields (and selects) whose server action may refuse it, keeping every value
 * through the refusal. React resets a form after its `action` runs: uncontrolled fields empty, and
 * a controlled <select> falls back to its default while the state still holds the choice, so the
 * next submit sends something else. Here every field is controlled and the submit goes through
 * `onSubmit` (the `action` prop stays, for a submit before hydration). A success clears the fields
 * and shows its message as a toast.
 */
export function useKeptForm<T extends Record<string, string>, R>(action: FormAction<R>, empty: T) {
  const [result, submit, pending] = useActionState(action, null);
  const [values, setValues] = useState(empty);
  useEffect(() => {
    if (!result?.ok) return;
    setValues(empty);
    if (result.message) toast.success(result.message);
  }, [result, empty]);

  return {
    result,
    pending,
    errors: result && !result.ok ? result.errors : [],
    values,
    /** The onChange handler of field `name`. */
    set: (name: keyof T) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    /** Spread on the <form>. */
    formProps: {
      action: submit,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        startTransition(() => submit(form));
      },
    },
  };
}
