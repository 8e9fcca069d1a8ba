"use client";

import { createUserAction } from "@/lib/operators/actions";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { fieldError } from "@/components/ui/field-errors";
import { FormStatus } from "@/components/ui/form-status";
import { Select } from "@/components/ui/select";
import { ROLES, type Role } from "@/lib/operators/roles";
import { PASSWORD_HINT } from "./password-hint";
import { useKeptForm } from "./use-kept-form";

const EMPTY = { email: "", name: "", role: "editor" as Role, password: "" };

export function AddUserForm() {
  // Every field survives a refused submit, the role and the password included (use-kept-form.ts).
  const { result, pending, errors, values, set, formProps } = useKeptForm(createUserAction, EMPTY);

  return (
    <form {...formProps} className="grid gap-4 sm:grid-cols-2">
      <Field id="new-email" label="E-mail" error={fieldError(errors, "email")}>
        <Input id="new-email" name="email" type="email" autoComplete="off" required value={values.email} onChange={set("email")} error={fieldError(errors, "email")} />
      </Field>
      <Field id="new-name" label="Name" error={fieldError(errors, "name")}>
        <Input id="new-name" name="name" autoComplete="off" required value={values.name} onChange={set("name")} error={fieldError(errors, "name")} />
      </Field>
      <Field id="new-role" label="Role" className="content-start" error={fieldError(errors, "role")}>
        <Select id="new-role" name="role" value={values.role} onChange={set("role")} error={fieldError(errors, "role")}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="new-password" label="Initial password" hint={`${PASSWORD_HINT} Share it with them privately.`} error={fieldError(errors, "password")}>
        <Input id="new-password" name="password" type="password" autoComplete="new-password" required hasHint value={values.password} onChange={set("password")} error={fieldError(errors, "password")} />
      </Field>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <Button type="submit" disabled={pending}>
          {pending ? "Adding…" : "Add operator"}
        </Button>
        <FormStatus ok={result?.ok} message={result?.message} />
      </div>
    </form>
  );
}
