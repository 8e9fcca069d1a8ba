"use client";

import { KeyRound, TriangleAlert } from "lucide-react";
import { useState, useTransition } from "react";
import { useOpenedByLink } from "@/components/ui/use-opened-by-link";
import { CREATE_KEY_DIALOG } from "./create-key-link";
import { createApiKeyAction, type NewKeyShown } from "@/lib/agent-door/actions";
import { ConnectSnippets } from "@/components/api-keys/connect-snippets";
import { Button } from "@/components/ui/button";
import { Combobox } from "@/components/ui/combobox";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { fieldError } from "@/components/ui/field-errors";
import { FormStatus } from "@/components/ui/form-status";
import { toast } from "@/components/ui/toaster";
import type { ValidationIssue } from "@/lib/errors";


const EMPTY = { name: "", personaSlugs: [] as string[], expiresOn: "" };

/**
 * "Create API key": a dialog asking for a name, personas and an optional expiry, which then shows
 * the new token once, with ready-to-paste configuration for the agents' clients built around it.
 * Closing the dialog forgets the token, so it is nowhere on the page after.
 */
export function CreateKeyDialog({ personas, today, origin }: { personas: readonly { slug: string; name: string }[]; today: string; origin: string }) {
  const [open, setOpen] = useOpenedByLink(CREATE_KEY_DIALOG);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<readonly ValidationIssue[]>([]);
  const [message, setMessage] = useState<string>();
  const [created, setCreated] = useState<NewKeyShown | null>(null);
  const [pending, startTransition] = useTransition();

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) return;
    setCreated(null);
    setValues(EMPTY);
    setErrors([]);
    setMessage(undefined);
  };
  const submit = () =>
    startTransition(async () => {
      const result = await createApiKeyAction(values);
      if (!result.ok) {
        setErrors(result.errors);
        setMessage(result.message);
        return;
      }
      setErrors([]);
      setMessage(undefined);
      setCreated(result.data);
      if (result.message) toast.success(result.message);
    });

  return (
    <>
      <Button onClick={() => changeOpen(true)}>
        <KeyRound aria-hidden />
        Create API key
      </Button>
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title={created ? `API key ${created.name}` : "Create an API key"}
        description={created ? undefined : "An agent sends the key as a bearer token and may use the tools of the personas you choose."}
        className={created ? "max-w-2xl md:max-w-2xl" : undefined}
        footer={
          created ? (
            <Button onClick={() => changeOpen(false)}>Done</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => changeOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" form="create-api-key" disabled={pending}>
                {pending ? "Creating…" : "Create key"}
              </Button>
            </>
          )
        }
      >
        {created ? (
          <div className="grid gap-3">
            <p role="status" className="flex gap-2 rounded-md border border-warning/40 bg-warning-subtle p-3 text-sm text-warning-foreground">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>Copy this key now: you won&apos;t see it again. Quiver keeps only a fingerprint of it; if it is lost, revoke it and create another.</span>
            </p>
            <div className="flex items-start gap-2 rounded-md border bg-muted p-2">
              <code aria-label="New API key" className="min-w-0 flex-1 font-mono text-sm break-all select-all">{created.token}</code>
              <CopyButton value={created.token} label="Copy key" />
            </div>
            <h3 className="mt-2 text-sm font-semibold">Connect an agent</h3>
            <ConnectSnippets idPrefix="new-key" origin={origin} apiKey={created.token} personas={personas.filter((persona) => created.personaSlugs.includes(persona.slug))} />
          </div>
        ) : (
          <form
            id="create-api-key"
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Field id="key-name" label="Name" hint="Who or what uses it, e.g. “Support bot (production)”." error={fieldError(errors, "name")}>
              <Input id="key-name" autoComplete="off" value={values.name} hasHint error={fieldError(errors, "name")} onChange={(event) => setValues({ ...values, name: event.target.value })} />
            </Field>
            <Field id="key-personas" label="Personas" error={fieldError(errors, "personaSlugs")}>
              <Combobox
                id="key-personas"
                multiple
                options={personas.map((persona) => ({ value: persona.slug, label: `${persona.name} (${persona.slug})` }))}
                value={values.personaSlugs}
                onChange={(personaSlugs) => setValues({ ...values, personaSlugs })}
                placeholder="Choose personas…"
                searchPlaceholder="Search personas…"
                emptyText="No persona matches."
                error={fieldError(errors, "personaSlugs")}
              />
            </Field>
            <Field id="key-expiry" label="Expires after (optional)" hint="The key works through this day (UTC). Leave empty for a key that does not expire." error={fieldError(errors, "expiresOn") ?? fieldError(errors, "expiresAt")}>
              <Input
                id="key-expiry"
                type="date"
                min={today}
                value={values.expiresOn}
                hasHint
                error={fieldError(errors, "expiresOn") ?? fieldError(errors, "expiresAt")}
                onChange={(event) => setValues({ ...values, expiresOn: event.target.value })}
              />
            </Field>
            <FormStatus ok={false} message={message} />
          </form>
        )}
      </Dialog>
    </>
  );
}
