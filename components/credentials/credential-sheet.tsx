"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState, useTransition } from "react";
import { useCloseGuard } from "@/components/shell/close-guard";
import { saveCredentialAction } from "@/lib/credentials/server/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { FormStatus } from "@/components/ui/form-status";
import { toast } from "@/components/ui/toaster";
import type { SecretEntry } from "@/components/tool-form/secret-field";
import { describeWidening, type SecretWidening } from "@/lib/credentials/secret-binding";
import { credentialInput, draftChanged, draftFromCredential, emptyCredentialDraft, fieldPath, type CredentialDraft } from "./credential-draft";
import { CredentialFields as Fields } from "./credential-fields";
import { secretLostBySave, type StoredCredentialFields } from "./secret-loss";

/** A stored credential as the editor receives it: public parts, the secret's mask and the version the edit starts from. */
export interface EditableCredential extends StoredCredentialFields {
  readonly version: number;
}

interface CredentialSheetProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The credential being edited; null to create one. */
  readonly credential: EditableCredential | null;
}

const KEEP: SecretEntry = { kind: "keep" };

/**
 * Create or edit a credential in a sheet. A refused save keeps every field as typed (the secret
 * included) and shows each problem next to its field; the secret field shows only the stored
 * mask, keeps it when untouched, and clears it only through its explicit Clear button. A save
 * that would drop the stored secret (it widens where the secret may go) asks first, naming what
 * widens; Cancel returns to the form as typed. Closing the sheet with unsaved changes asks first.
 */
export function CredentialSheet({ open, onOpenChange, credential }: CredentialSheetProps) {
  const router = useRouter();
  const opened = useMemo(() => (credential ? draftFromCredential(credential) : emptyCredentialDraft()), [credential]);
  const [draft, setDraft] = useState<CredentialDraft>(opened);
  const [secret, setSecret] = useState<SecretEntry>(KEEP);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  /** What the save about to be confirmed widens; null while no confirmation is asked. */
  const [widenings, setWidenings] = useState<readonly SecretWidening[] | null>(null);
  const [pending, startTransition] = useTransition();

  const close = () => {
    onOpenChange(false);
    setDraft(opened);
    setSecret(KEEP);
    setErrors({});
    setMessage(undefined);
    setWidenings(null);
  };
  const guard = useCloseGuard({
    open,
    unsaved: draftChanged(draft, opened) || secret.kind !== "keep",
    what: credential ? `credential ${credential.name}` : "this new credential",
    close,
  });
  const changeOpen = (next: boolean) => (next ? onOpenChange(true) : guard.requestClose());
  const update = (patch: Partial<CredentialDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const save = () =>
    startTransition(async () => {
      const { input, clearSecret } = credentialInput(draft, secret);
      const result = await saveCredentialAction({ input, existingName: credential?.name ?? null, basedOnVersion: credential?.version ?? null, clearSecret });
      if (!result.ok) {
        const byField: Record<string, string> = {};
        const elsewhere: string[] = [];
        for (const issue of result.errors) {
          const field = fieldPath(issue.path);
          if (field === "") elsewhere.push(issue.path ? `${issue.path} ${issue.message}` : issue.message);
          else byField[field] ??= issue.message;
        }
        setErrors(byField);
        setMessage([result.message, ...elsewhere].join(" "));
        setWidenings(null);
        return;
      }
      toast.success(result.message ?? "Saved.");
      if (result.data.droppedSecret) toast.warning(result.data.droppedSecret);
      close();
      router.refresh();
    });

  const submit = () => {
    const lost = secretLostBySave(credential, draft, secret);
    if (lost.length > 0) setWidenings(lost);
    else save();
  };

  const kindChanged = credential !== null && draft.kind !== credential.kind;
  const formId = credential ? `edit-credential-${credential.name}` : "create-credential";
  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      variant="sheet"
      title={credential ? `Edit credential ${credential.name}` : "New credential"}
      description={credential ? "Tools using it pick up the change on their next call." : "One secret for many tools, sent only to the hosts you list."}
      footer={
        <>
          <Button variant="secondary" onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={pending}>
            {pending ? "Saving…" : credential ? "Save credential" : "Create credential"}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Fields
          draft={draft}
          update={update}
          errors={errors}
          mask={credential?.mask ?? null}
          secret={secret}
          onSecretChange={setSecret}
          secretNotice={kindChanged ? "Another kind cannot keep the stored secret: enter it again." : undefined}
        />
        <FormStatus ok={false} message={message} />
      </form>
      <ConfirmDialog
        open={widenings !== null}
        onOpenChange={(next) => !next && setWidenings(null)}
        title="Remove the stored secret?"
        description={widenings && <SecretLossDescription widenings={widenings} />}
        confirmLabel="Save and remove the secret"
        onConfirm={save}
        pending={pending}
      />
      {guard.question}
    </Dialog>
  );
}

/** What widens, one line each, then what the save does to the secret (inside the dialog's description paragraph). */
function SecretLossDescription({ widenings }: { widenings: readonly SecretWidening[] }) {
  return (
    <>
      This change lets the secret go where it could not before:
      {widenings.map((widening) => (
        <span key={describeWidening(widening)} className="mt-1 ml-5 list-item list-disc font-mono text-xs text-foreground [overflow-wrap:anywhere]">
          {describeWidening(widening)}
        </span>
      ))}
      <span className="mt-2 block">
        Saving removes the stored secret, and calls using this credential are refused until a new one is entered. To keep it working, cancel and type the secret
        again before saving.
      </span>
    </>
  );
}
