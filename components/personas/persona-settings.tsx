"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deletePersonaAction, setPersonaParentAction, updatePersonaDetailsAction } from "@/lib/personas/server/actions";
import { useLeaveGuard } from "@/components/shell/leave-guard";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input, Textarea } from "@/components/ui/field";
import { fieldError } from "@/components/ui/field-errors";
import { FormStatus } from "@/components/ui/form-status";
import { toast } from "@/components/ui/toaster";
import type { PersonaDeletion } from "@/lib/personas/server/persona-maintenance";
import type { ValidationIssue } from "@/lib/errors";
import { CallLogSetting } from "./call-log-setting";
import { DeletePersonaDialog } from "./delete-persona-dialog";
import { ParentField } from "./persona-selects";

interface Props {
  readonly persona: { readonly slug: string; readonly name: string; readonly description: string; readonly parentSlug: string | null; readonly logCallPayloads: boolean };
  readonly otherPersonas: readonly { readonly slug: string; readonly name: string }[];
  readonly deletion: PersonaDeletion;
  /** How long call log rows are kept, for the call log switch's explanation. */
  readonly callLogRetentionDays: number;
}

type Outcome = { ok: boolean; text: string } | undefined;

/** Admins' settings of one persona: name and description, its parent (cycles refused next to the field), the call log switch, delete. */
export function PersonaSettings({ persona, otherPersonas, deletion, callLogRetentionDays }: Props) {
  const router = useRouter();
  const [details, setDetails] = useState({ name: persona.name, description: persona.description });
  // What the server holds now: the details typed since then are unsaved, and leaving asks.
  const [savedDetails, setSavedDetails] = useState(details);
  useLeaveGuard(details.name !== savedDetails.name || details.description !== savedDetails.description, "this persona's details");
  const [detailsOutcome, setDetailsOutcome] = useState<Outcome>();
  const [detailsErrors, setDetailsErrors] = useState<readonly ValidationIssue[]>([]);
  const [parent, setParent] = useState(persona.parentSlug ?? "");
  const [parentError, setParentError] = useState<string>();
  const [parentOutcome, setParentOutcome] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const [pending, startTransition] = useTransition();

  const saveDetails = () =>
    startTransition(async () => {
      const result = await updatePersonaDetailsAction(persona.slug, details);
      setDetailsErrors(result.ok ? [] : result.errors);
      if (result.ok) setSavedDetails(details);
      setDetailsOutcome({ ok: result.ok, text: result.ok ? (result.message ?? "Saved.") : result.message });
    });
  const move = () =>
    startTransition(async () => {
      const result = await setPersonaParentAction(persona.slug, parent || null);
      setParentError(result.ok ? undefined : result.message);
      setParentOutcome(result.ok ? result.message : undefined);
    });
  const remove = () =>
    startTransition(async () => {
      const result = await deletePersonaAction(persona.slug);
      if (!result.ok) {
        toast.error(result.message);
        return;
      }
      toast.success(result.message ?? "Deleted.");
      setDeleting(false);
      router.push("/personas");
    });

  return (
    <div className="grid max-w-2xl gap-6">
      <Card title="Details">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            saveDetails();
          }}
        >
          <Field id="settings-name" label="Name" error={fieldError(detailsErrors, "name")}>
            <Input id="settings-name" error={fieldError(detailsErrors, "name")} value={details.name} onChange={(event) => setDetails({ ...details, name: event.target.value })} />
          </Field>
          <Field id="settings-description" label="Description" error={fieldError(detailsErrors, "description")}>
            <Textarea id="settings-description" error={fieldError(detailsErrors, "description")} value={details.description} onChange={(event) => setDetails({ ...details, description: event.target.value })} />
          </Field>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={pending}>
              Save details
            </Button>
            <FormStatus ok={detailsOutcome?.ok} message={detailsOutcome?.text} />
          </div>
        </form>
      </Card>

      <Card title="Place in the tree" description="A persona without its own grant takes its parent's, so moving it can change its tools.">
        <div className="grid gap-3">
          <ParentField id="settings-parent" value={parent} onChange={setParent} personas={otherPersonas} error={parentError} />
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={move} disabled={pending || parent === (persona.parentSlug ?? "")}>
              Move
            </Button>
            <FormStatus ok message={parentOutcome} />
          </div>
        </div>
      </Card>

      <CallLogSetting persona={persona.slug} enabled={persona.logCallPayloads} retentionDays={callLogRetentionDays} />

      <section aria-labelledby="danger-zone" className="grid gap-3 rounded-lg border border-danger/40 p-4">
        <h2 id="danger-zone" className="font-semibold">
          Delete this persona
        </h2>
        <p className="text-sm text-muted-foreground">Agents using it stop at once. Its children and API keys are taken care of first; you will see how.</p>
        <div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete persona
          </Button>
        </div>
      </section>
      <DeletePersonaDialog open={deleting} onOpenChange={setDeleting} deletion={deletion} name={persona.name} pending={pending} onConfirm={remove} />
    </div>
  );
}
