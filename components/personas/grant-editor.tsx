"use client";

import { useState, useTransition } from "react";
import { setPersonaGrantAction } from "@/lib/personas/server/actions";
import { Button } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { fieldError } from "@/components/ui/field-errors";
import { toast } from "@/components/ui/toaster";
import type { PersonaGrant } from "@/lib/personas/grant";
import { grantDraftOf, grantOfDraft, type GrantDraft } from "./grant-draft";
import { GrantFields, type GrantToolOption } from "./grant-fields";

interface Props {
  readonly persona: string;
  readonly grant: PersonaGrant;
  readonly parentSlug: string | null;
  readonly tools: readonly GrantToolOption[];
}

/** The grant editor (admins only: editors never receive it, and the action refuses them). */
export function GrantEditor({ persona, grant, parentSlug, tools }: Props) {
  const [draft, setDraft] = useState<GrantDraft>(() => grantDraftOf(grant));
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const stored = JSON.stringify(grantOfDraft(grantDraftOf(grant)));
  const dirty = JSON.stringify(grantOfDraft(draft)) !== stored;

  const save = () =>
    startTransition(async () => {
      const result = await setPersonaGrantAction(persona, grantOfDraft(draft));
      setMessage({ ok: result.ok, text: result.ok ? (result.message ?? "Saved.") : result.message });
      setError(result.ok ? undefined : fieldError(result.errors, "grant"));
      if (result.ok) toast.success(result.message ?? "Saved.");
    });

  return (
    <div className="grid max-w-2xl gap-4">
      <GrantFields id="grant" value={draft} onChange={setDraft} tools={tools} parentSlug={parentSlug} stored={grant} error={error} />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={save} disabled={!dirty || pending}>
          Save grant
        </Button>
        {!dirty && <span className="text-xs text-muted-foreground">No unsaved changes.</span>}
        <FormStatus ok={message?.ok} message={message?.text} />
      </div>
    </div>
  );
}
