"use client";

import { Braces } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Menu } from "@/components/ui/menu";
import { CONTEXT_FIELDS } from "@/lib/tools/client";

/** "Insert placeholder": the tool's parameters and the turn-context fields, inserted as `{{…}}`. */
export function PlaceholderMenu({ parameters, onInsert, label }: { parameters: readonly string[]; onInsert: (placeholder: string) => void; label: string }) {
  return (
    <Menu
      items={[
        ...parameters.filter(Boolean).map((name) => ({ kind: "action" as const, label: `{{${name}}}`, onSelect: () => onInsert(`{{${name}}}`) })),
        ...(parameters.length > 0 ? [{ kind: "separator" as const }] : []),
        ...CONTEXT_FIELDS.map((field) => ({ kind: "action" as const, label: `{{ctx.${field}}}`, onSelect: () => onInsert(`{{ctx.${field}}}`) })),
      ]}
      trigger={
        <button type="button" className={buttonVariants({ variant: "secondary", size: "icon" })}>
          <Braces aria-hidden />
          <span className="sr-only">{label}</span>
        </button>
      }
    />
  );
}

/** `text` with `insertion` put where the input's selection is (or at the end). */
export function insertAtCursor(input: HTMLInputElement | null, text: string, insertion: string): string {
  const start = input?.selectionStart ?? text.length;
  const end = input?.selectionEnd ?? text.length;
  return text.slice(0, start) + insertion + text.slice(end);
}
