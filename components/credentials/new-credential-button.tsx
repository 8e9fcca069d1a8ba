"use client";

import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useOpenedByLink } from "@/components/ui/use-opened-by-link";
import { CredentialSheet } from "./credential-sheet";

/** The dialog name the command palette's "New credential" opens (`openingLink`). */
export const NEW_CREDENTIAL_DIALOG = "new-credential";

/** The page's one primary action: opens the sheet on a blank credential (also opened by link). */
export function NewCredentialButton() {
  const [open, setOpen] = useOpenedByLink(NEW_CREDENTIAL_DIALOG);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden />
        New credential
      </Button>
      <CredentialSheet open={open} onOpenChange={setOpen} credential={null} />
    </>
  );
}
