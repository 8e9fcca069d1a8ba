"use client";

import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { createPersonaAction } from "@/lib/personas/server/actions";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Input, Textarea } from "@/components/ui/field";
import { fieldError } from "@/components/ui/field-errors";
import { FormStatus } from "@/components/ui/form-status";
import { toast } from "@/components/ui/toaster";
import type { ValidationIssue } from "@/lib/errors";
import { slugFromName } from "@/lib/personas/tree";
import { grantChoiceAfterParentChange, grantOfDraft, newPersonaGrantDraft, type GrantDraft } from "./grant-draft";
import { GrantFields, type GrantToolOption } from "./grant-fields";
import { ParentField } from "./persona-selects";

interface Props {
  readonly personas: readonly { readonly slug: string; readonly name: string }[];
  readonly tools: readonly GrantToolOption[];
}

const EMPTY = { name: "", slug: "", description: "", parentSlug: "" };

/**
 * "New persona" (admins): name, slug derived from it until edited, description, parent and grant.
 * Until the admin picks a grant, it follows the parent: no tools for a root, inherit for a child.
 */
export function CreatePersonaDialog({ personas, tools }: Props) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [slugEdited, setSlugEdited] = useState(false);
  const [chosenGrant, setChosenGrant] = useState<GrantDraft | null>(null);
  const parentSlug = form.parentSlug || null;
  const grant = newPersonaGrantDraft(chosenGrant, parentSlug);
  const [errors, setErrors] = useState<readonly ValidationIssue[]>([]);
  const [message, setMessage] = useState<string>();
  const [pending, startTransition] = useTransition();

  const reset = () => {
    setForm(EMPTY);
    setSlugEdited(false);
    setChosenGrant(null);
    setErrors([]);
    setMessage(undefined);
  };
  const submit = () =>
    startTransition(async () => {
      const result = await createPersonaAction({ ...form, parentSlug, grant: grantOfDraft(grant) });
      if (!result.ok) {
        setErrors(result.errors);
        setMessage(result.message);
        return;
      }
      toast.success(result.message ?? "Persona created.");
      setOpen(false);
      reset();
      router.push(`/personas/${result.data.slug}`);
    });

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        New persona
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) reset();
        }}
        title="New persona"
        description="An agent profile: its tools are its grant minus what operators switch off."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={pending}>
              Create persona
            </Button>
          </>
        }
      >
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Field id="persona-name" label="Name" error={fieldError(errors, "name")}>
            <Input
              id="persona-name"
              error={fieldError(errors, "name")}
              value={form.name}
              onChange={(event) => {
                const name = event.target.value;
                setForm((current) => ({ ...current, name, slug: slugEdited ? current.slug : slugFromName(name) }));
              }}
            />
          </Field>
          <Field id="persona-slug" label="Slug" error={fieldError(errors, "slug")} hint="Used in the runtime API's URLs; lower-case letters, digits and -.">
            <Input
              id="persona-slug"
              error={fieldError(errors, "slug")}
              hasHint
              className="font-mono"
              value={form.slug}
              onChange={(event) => {
                setSlugEdited(true);
                setForm((current) => ({ ...current, slug: event.target.value }));
              }}
            />
          </Field>
          <Field id="persona-description" label="Description" error={fieldError(errors, "description")}>
            <Textarea id="persona-description" error={fieldError(errors, "description")} value={form.description} onChange={(event) => setForm((current) => ({ ...current, description: event.target.value }))} />
          </Field>
          <ParentField
            id="persona-parent"
            value={form.parentSlug}
            onChange={(next) => {
              setForm((current) => ({ ...current, parentSlug: next }));
              setChosenGrant((chosen) => grantChoiceAfterParentChange(chosen, next || null));
            }}
            personas={personas}
            error={fieldError(errors, "parentSlug")}
          />
          <GrantFields id="persona-grant" value={grant} onChange={setChosenGrant} tools={tools} parentSlug={parentSlug} error={fieldError(errors, "grant")} />
          <FormStatus message={message} />
          <button type="submit" hidden />
        </form>
      </Dialog>
    </>
  );
}
