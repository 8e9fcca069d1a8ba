"use client";

import { FlaskConical, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { deleteCredentialAction } from "@/lib/credentials/server/actions";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { RowActions } from "@/components/ui/menu";
import { toast } from "@/components/ui/toaster";
import { useOpenedByLink } from "@/components/ui/use-opened-by-link";
import { CredentialSheet, type EditableCredential } from "./credential-sheet";
import { CredentialTestDialog } from "./credential-test-dialog";

type Open = "test" | "delete" | null;

/** The dialog name that opens credential `name`'s edit sheet by link (the command palette's credential results). */
export const editCredentialDialog = (name: string) => `edit-credential:${name}`;

/**
 * A credential row's ⋯ menu: Edit (the sheet), Test, and Delete last — confirmed, or, while tools
 * use the credential, refused with those tools listed as links. The server refuses too.
 */
export function CredentialActions({ credential, usedBy }: { credential: EditableCredential; usedBy: readonly string[] }) {
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const [editing, setEditing] = useOpenedByLink(editCredentialDialog(credential.name));
  const [pending, startTransition] = useTransition();
  const close = (next: boolean) => !next && setOpen(null);
  const remove = () =>
    startTransition(async () => {
      const result = await deleteCredentialAction({ name: credential.name, basedOnVersion: credential.version });
      setOpen(null);
      if (result.ok) toast.success(result.message ?? "Deleted.");
      else toast.error(result.message);
      router.refresh();
    });

  return (
    <>
      <RowActions
        label={`Actions for ${credential.name}`}
        items={[
          { kind: "action", label: "Edit", icon: <Pencil aria-hidden />, onSelect: () => setEditing(true) },
          { kind: "action", label: "Test", icon: <FlaskConical aria-hidden />, onSelect: () => setOpen("test") },
          { kind: "separator" },
          { kind: "action", label: "Delete", icon: <Trash2 aria-hidden />, destructive: true, onSelect: () => setOpen("delete") },
        ]}
      />
      <CredentialSheet key={credential.version} open={editing} onOpenChange={setEditing} credential={credential} />
      <CredentialTestDialog name={credential.name} open={open === "test"} onOpenChange={close} />
      {usedBy.length > 0 ? (
        <Dialog
          open={open === "delete"}
          onOpenChange={close}
          title={`${credential.name} is in use`}
          description="A credential cannot be deleted while tools use it. Choose another credential (or none) in these tools first."
          footer={<Button onClick={() => setOpen(null)}>Close</Button>}
        >
          <ul aria-label={`Tools using ${credential.name}`} className="grid list-disc gap-1 pl-5 text-sm">
            {usedBy.map((tool) => (
              <li key={tool}>
                <Link href={`/tools/${tool}/edit`} className="font-mono text-accent-foreground hover:underline">
                  {tool}
                </Link>
              </li>
            ))}
          </ul>
        </Dialog>
      ) : (
        <ConfirmDialog
          open={open === "delete"}
          onOpenChange={close}
          title={`Delete credential ${credential.name}?`}
          description="Its secret is destroyed. No tool uses it now; an import naming it will ask for it again."
          confirmLabel="Delete credential"
          onConfirm={remove}
          pending={pending}
        />
      )}
    </>
  );
}
