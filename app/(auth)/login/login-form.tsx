"use client";

import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { FormStatus } from "@/components/ui/form-status";
import { describePasswordSignInError } from "@/lib/operators/sign-in/sign-in-errors";

export function LoginForm({ destination, singleSignOn, initialError }: { destination: string; singleSignOn: string | null; initialError?: string }) {
  const [error, setError] = useState(initialError);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    const form = new FormData(event.currentTarget);
    const result = await signIn("credentials", {
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      redirect: false,
    });
    if (result?.ok && !result.error) {
      window.location.assign(destination);
      return;
    }
    setPending(false);
    setError(describePasswordSignInError(result?.error));
  }

  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="space-y-4" noValidate>
        <Field id="email" label="E-mail">
          <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
        </Field>
        <Field id="password" label="Password">
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </Field>
        <FormStatus message={error} />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
      </form>
      {singleSignOn && (
        <Button variant="secondary" className="w-full" onClick={() => signIn("oidc", { callbackUrl: destination })}>
          Continue with {singleSignOn}
        </Button>
      )}
    </div>
  );
}
