"use client";

import { useActionState, useEffect, useState } from "react";
import { createUserAction } from "@/app/(dashboard)/settings/users/actions";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { fieldError } from "@/components/ui/field-errors";
import { FormStatus } from "@/components/ui/form-status";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/toaster";
import { ROLES, type Role } from "@/lib/auth/roles";

const EMPTY = { email: "", name: "", role: "editor" as Role };

export function AddUserForm() {
  const [result, submit, pending] = useActionState(createUserAction, null);
  // Controlled, so a refused submission keeps what was typed (React resets uncontrolled fields).
  const [values, setValues] = useState(EMPTY);
  const errors = result && !result.ok ? result.errors : [];
  useEffect(() => {
    if (!result?.ok) return;
    setValues(EMPTY);
    if (result.message) toast.success(result.message);
  }, [result]);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form action={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
      <Field id="new-email" label="E-mail" error={fieldError(errors, "email")}>
        <Input id="new-email" name="email" type="email" autoComplete="off" required value={values.email} onChange={set("email")} error={fieldError(errors, "email")} />
      </Field>
      <Field id="new-name" label="Name" error={fieldError(errors, "name")}>
        <Input id="new-name" name="name" autoComplete="off" required value={values.name} onChange={set("name")} error={fieldError(errors, "name")} />
      </Field>
      <Field id="new-role" label="Role" error={fieldError(errors, "role")}>
        <Select id="new-role" name="role" value={values.role} onChange={set("role")} error={fieldError(errors, "role")}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="new-password" label="Initial password" hint="8 to 72 characters (fewer with accents or symbols). Share it with them privately." error={fieldError(errors, "password")}>
        <Input id="new-password" name="password" type="password" autoComplete="new-password" required hasHint error={fieldError(errors, "password")} />
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
