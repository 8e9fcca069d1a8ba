"use client";

import { changeOwnPasswordAction } from "@/lib/operators/actions";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { fieldError } from "@/components/ui/field-errors";
import { FormStatus } from "@/components/ui/form-status";
import { PASSWORD_HINT } from "./password-hint";
import { useKeptForm } from "./use-kept-form";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };
const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password", hint: PASSWORD_HINT },
  { name: "confirmPassword", label: "New password again", autoComplete: "new-password" },
] as const;

/** The signed-in operator's own password change; their other sessions end, this one stays. */
export function ChangePasswordForm() {
  const { result, pending, errors, values, set, formProps } = useKeptForm(changeOwnPasswordAction, EMPTY);

  return (
    <form {...formProps} className="grid max-w-sm gap-4">
      {FIELDS.map((field) => {
        const id = `account-${field.name}`;
        const error = fieldError(errors, field.name);
        const hint = "hint" in field ? field.hint : undefined;
        return (
          <Field key={field.name} id={id} label={field.label} hint={hint} error={error}>
            <Input id={id} name={field.name} type="password" autoComplete={field.autoComplete} required hasHint={Boolean(hint)} value={values[field.name]} onChange={set(field.name)} error={error} />
          </Field>
        );
      })}
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={pending}>
          {pending ? "Changing…" : "Change password"}
        </Button>
        <FormStatus ok={result?.ok} message={result?.message} />
      </div>
    </form>
  );
}
