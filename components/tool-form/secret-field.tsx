"use client";

import { KeyRound, RotateCcw, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

/** What the operator did with one secret header's value in this edit. */
export type SecretEntry =
  | { readonly kind: "keep" }
  | { readonly kind: "replace"; readonly value: string }
  | { readonly kind: "clear" }
  /** The value pasted with a curl command, kept on the server under `handle` (lib/imports/curl-drafts.ts). */
  | { readonly kind: "pasted"; readonly handle: string };

interface SecretFieldProps {
  readonly id: string;
  readonly header: string;
  /** The field's accessible name; "Secret value of HEADER" when absent. */
  readonly label?: string;
  /** The stored value's mask, or null when nothing is stored (or it will not be kept). */
  readonly mask: string | null;
  readonly entry: SecretEntry;
  readonly onChange: (entry: SecretEntry) => void;
  /** Why a stored value will not be kept (e.g. the destination changed), shown as a warning. */
  readonly notice?: string;
  readonly error?: string;
  readonly readOnly: boolean;
}

/**
 * A masked secret: the stored value is never in the browser, only its mask. Typing replaces it,
 * leaving it empty keeps it, and clearing it is an explicit action that can be undone.
 */
export function SecretField({ id, header, label, mask, entry, onChange, notice, error, readOnly }: SecretFieldProps) {
  const state =
    entry.kind === "clear"
      ? "The stored value will be removed when you save."
      : entry.kind === "replace" && entry.value !== ""
        ? "The new value replaces the stored one when you save."
        : entry.kind === "pasted"
          ? `The value pasted with the curl command (${mask ?? "hidden"}) is saved with the tool.`
          : mask
          ? `Stored value ${mask} is kept.`
          : "No value stored: enter one.";
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-1 basis-48">
          <KeyRound aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <label htmlFor={id} className="sr-only">
            {label ?? `Secret value of ${header}`}
          </label>
          <Input
            id={id}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            className="pl-9 font-mono"
            placeholder={entry.kind === "clear" ? "will be cleared" : (mask ?? "enter the secret value")}
            value={entry.kind === "replace" ? entry.value : ""}
            disabled={readOnly || entry.kind === "clear"}
            error={error}
            onChange={(event) => onChange(event.target.value === "" ? { kind: "keep" } : { kind: "replace", value: event.target.value })}
          />
        </div>
        {!readOnly && mask && entry.kind !== "clear" && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ kind: "clear" })}>
            <X aria-hidden /> Clear stored value
          </Button>
        )}
        {!readOnly && entry.kind === "clear" && (
          <Button variant="ghost" size="sm" onClick={() => onChange({ kind: "keep" })}>
            <RotateCcw aria-hidden /> Keep stored value
          </Button>
        )}
      </div>
      {notice && <p className="text-xs font-medium text-warning-foreground">{notice}</p>}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-foreground">
          {error}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {state}
        </p>
      )}
    </div>
  );
}
