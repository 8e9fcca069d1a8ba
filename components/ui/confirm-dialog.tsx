"use client";

import { AlertDialog } from "radix-ui";
import { useId, useState, type ReactNode } from "react";
import { buttonVariants } from "./button";
import { cn } from "./cn";
import { overlayClasses } from "./dialog";
import { Input } from "./field";

interface ConfirmDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: ReactNode;
  readonly description: ReactNode;
  /** The confirming button's words, e.g. "Delete tool". */
  readonly confirmLabel: string;
  /** The button that keeps things as they are; "Cancel" unless the question calls for other words ("Stay"). */
  readonly cancelLabel?: string;
  readonly onConfirm: () => void;
  /** When set, the operator must type this exactly before the confirm button works. */
  readonly typedConfirmation?: string;
  readonly destructive?: boolean;
  readonly pending?: boolean;
}

/**
 * An alert dialog for a consequential step. Focus starts on Cancel, so Enter never destroys by
 * accident; with `typedConfirmation` the confirm button stays disabled until the name is typed.
 */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel = "Cancel", onConfirm, typedConfirmation, destructive = true, pending = false }: ConfirmDialogProps) {
  const [typed, setTyped] = useState("");
  // The page may close the dialog itself (e.g. after confirming) without onOpenChange; forget the
  // typed name then too, so the next opening asks for it again.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) setTyped("");
  }
  const inputId = useId();
  const confirmed = typedConfirmation === undefined || typed === typedConfirmation;
  const changeOpen = (next: boolean) => {
    if (!next) setTyped("");
    onOpenChange(next);
  };

  return (
    <AlertDialog.Root open={open} onOpenChange={changeOpen}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-surface-raised p-5 shadow-xl data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95">
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          {typedConfirmation !== undefined && (
            <div className="grid gap-1.5">
              <label htmlFor={inputId} className="text-sm">
                Type <strong className="font-mono">{typedConfirmation}</strong> to confirm
              </label>
              <Input id={inputId} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
            </div>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: "secondary" })}>{cancelLabel}</AlertDialog.Cancel>
            <button
              type="button"
              disabled={!confirmed || pending}
              onClick={onConfirm}
              className={cn(buttonVariants({ variant: destructive ? "danger" : "primary" }))}
            >
              {pending ? "Working…" : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
