"use client";

import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { RadioGroup } from "@/components/ui/radio-group";

/** A grant as the form holds it: the choice, and the names chosen when it is a list. */
export interface GrantDraft {
  readonly kind: "inherit" | "all" | "tools";
  readonly names: readonly string[];
}

export type StoredGrant = null | "all" | string[];

/** The form's view of a stored grant. */
export function grantDraftOf(grant: null | "all" | readonly string[]): GrantDraft {
  if (grant === null) return { kind: "inherit", names: [] };
  if (grant === "all") return { kind: "all", names: [] };
  return { kind: "tools", names: grant };
}

/** The stored form of a draft. */
export function grantOfDraft(draft: GrantDraft): StoredGrant {
  return draft.kind === "inherit" ? null : draft.kind === "all" ? "all" : [...draft.names];
}

interface Props {
  readonly id: string;
  readonly value: GrantDraft;
  readonly onChange: (value: GrantDraft) => void;
  /** Every catalog tool, with its group as the option's group. */
  readonly tools: readonly ComboboxOption[];
  /** The parent whose grant "inherit" takes, or null for a root. */
  readonly parentSlug: string | null;
  readonly error?: string;
}

/**
 * The grant choice (admins): inherit the parent's, every tool, or a chosen list picked in a
 * searchable multi-select grouped by tool group.
 */
export function GrantFields({ id, value, onChange, tools, parentSlug, error }: Props) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Grant</legend>
      <RadioGroup
        label="Grant"
        name={`${id}-kind`}
        value={value.kind}
        onValueChange={(kind) => onChange({ ...value, kind: kind as GrantDraft["kind"] })}
        choices={[
          {
            value: "inherit",
            label: parentSlug ? `Inherit from ${parentSlug}` : "Inherit (no parent: every tool)",
            description: "Follows the parent's grant, so a change there narrows or widens this persona too.",
          },
          { value: "all", label: "All tools", description: "Every tool in the catalog, including tools added later." },
          { value: "tools", label: "Chosen tools", description: "Only the tools listed; tools added later stay out." },
        ]}
      />
      {value.kind === "tools" && (
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-tools`} className="text-sm font-medium">
            Granted tools
          </label>
          <Combobox
            id={`${id}-tools`}
            multiple
            options={tools}
            value={value.names}
            onChange={(names) => onChange({ ...value, names })}
            placeholder="Choose tools…"
            searchPlaceholder="Search tools…"
            error={error}
          />
          {error && (
            <p id={`${id}-tools-error`} className="text-xs font-medium text-danger-foreground">
              {error}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
