"use client";

import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CredentialSheet } from "./credential-sheet";

/** The page's one primary action: opens the sheet on a blank credential. */
export function NewCredentialButton() {
  const [open, setOpen] = useState(false);
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
