"use client";

import { useState, useTransition } from "react";
import { approveConsentAction, denyConsentAction } from "@/lib/agent-door/oauth/actions";
import type { PersonaOffer } from "@/lib/agent-door/oauth";
import { Button } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { RadioGroup } from "@/components/ui/radio-group";
import { PersonaReach } from "./persona-reach";

interface ConsentAnswerProps {
  readonly uid: string;
  /** Set when the app named no persona: the admin picks the one it may use. */
  readonly choices: readonly PersonaOffer[] | null;
  /** False when the request cannot be approved (it names a persona that does not exist): only Deny. */
  readonly approvable: boolean;
}

/** Approve / Deny for an app's request; either way the browser then returns to the app. */
export function ConsentAnswer({ uid, choices, approvable }: ConsentAnswerProps) {
  const [picked, setPicked] = useState(choices?.length === 1 ? choices[0]!.slug : "");
  const [status, setStatus] = useState<{ ok: boolean; message: string } | undefined>();
  const [pending, startTransition] = useTransition();
  const answer = (approve: boolean) =>
    startTransition(async () => {
      const result = approve ? await approveConsentAction(uid, picked === "" ? [] : [picked]) : await denyConsentAction(uid);
      setStatus({ ok: result.ok, message: result.ok ? (result.message ?? "") : (result.errors[0]?.message ?? result.message) });
      // A full navigation: the authorization endpoint is not a page of this app, and it sends the browser on to the app.
      if (result.ok) window.location.assign(result.data.continueTo);
    });

  return (
    <div className="space-y-4">
      {choices !== null && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">Which persona may it use?</legend>
          {choices.length === 0 ? (
            <p className="text-sm text-muted-foreground">There are no personas yet: create one under Personas first, or deny.</p>
          ) : (
            <RadioGroup
              label="Persona"
              name="persona"
              value={picked}
              onValueChange={setPicked}
              choices={choices.map((offer) => ({ value: offer.slug, label: <PersonaReach offer={offer} /> }))}
            />
          )}
        </fieldset>
      )}
      <FormStatus ok={status?.ok} message={status?.message} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={pending} onClick={() => answer(false)}>
          Deny
        </Button>
        <Button disabled={pending || !approvable || (choices !== null && picked === "")} onClick={() => answer(true)}>
          {pending ? "Answering…" : "Approve"}
        </Button>
      </div>
    </div>
  );
}
