"use client";

import type { Dispatch, SetStateAction } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import type { RenameAsk } from "./use-tool-save";

interface RenameDialogProps {
  /** The pending question; the dialog is open while it is set. */
  readonly ask: RenameAsk | null;
  readonly onAskChange: Dispatch<SetStateAction<RenameAsk | null>>;
  readonly from: string | undefined;
  readonly to: string;
  readonly onConfirm: () => void;
}

/** Asks before a rename that personas name the tool under, offering to update them to the new name. */
export function RenameDialog({ ask, onAskChange, from, to, onConfirm }: RenameDialogProps) {
  return (
    <Dialog
      open={ask !== null}
      onOpenChange={(open) => !open && onAskChange(null)}
      title={`Rename ${from} to ${to}?`}
      description="These personas name the tool in their grant or switches. Update them so they keep meaning this tool."
      footer={
        <>
          <Button variant="secondary" onClick={() => onAskChange(null)}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>Rename</Button>
        </>
      }
    >
      <ul className="grid list-disc gap-1 pl-5 text-sm">
        {ask?.personas.map((persona) => (
          <li key={persona.slug}>
            {persona.name} <code className="text-xs text-muted-foreground">{persona.slug}</code>
          </li>
        ))}
      </ul>
      <label className="inline-flex items-center gap-2 text-sm">
        <Checkbox checked={ask?.update ?? false} onCheckedChange={(checked) => onAskChange((current) => current && { ...current, update: checked === true })} />
        Update these personas to the new name
      </label>
    </Dialog>
  );
}
