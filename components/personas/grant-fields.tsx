"use client";

import { Combobox, type ComboboxOption } from "@/components/ui/combobox";
import { RadioGroup } from "@/components/ui/radio-group";
import type { PersonaGrant } from "@/lib/personas/grant";
import { offersInherit, type GrantChoice, type GrantDraft } from "./grant-draft";

/** A catalog tool as the grant form lists it: its group as the option's group, and whether calling it has side effects. */
export interface GrantToolOption extends ComboboxOption {
  readonly sideEffect: boolean;
}

interface Props {
  readonly id: string;
  readonly value: GrantDraft;
  readonly onChange: (value: GrantDraft) => void;
  /** Every catalog tool. */
  readonly tools: readonly GrantToolOption[];
  /** The parent whose grant "inherit" takes, or null for a root. */
  readonly parentSlug: string | null;
  /** The persona's stored grant; left out in the new-persona dialog, where "No tools" then says the tools come afterwards. */
  readonly stored?: PersonaGrant;
  readonly error?: string;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** What "Every tool" hands over, side-effecting tools counted, so it is chosen knowingly. */
function everyToolDescription(tools: readonly GrantToolOption[]): string {
  const sideEffecting = tools.filter((tool) => tool.sideEffect).length;
  return `All ${plural(tools.length, "tool")} in the catalog (${sideEffecting} with side effects), and tools added later.`;
}

/**
 * The grant choice (admins): inherit the parent's, no tools, every tool, or a chosen list picked
 * in a searchable multi-select grouped by tool group. A root is offered "inherit" only when its
 * stored grant already inherits: there it means every tool, which "Every tool" says plainly.
 */
export function GrantFields({ id, value, onChange, tools, parentSlug, stored, error }: Props) {
  const inherit = {
    value: "inherit",
    label: parentSlug ? `Inherit from ${parentSlug}` : "Inherit (no parent: every tool)",
    description: "Follows the parent's grant, so a change there narrows or widens this persona too.",
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">Grant</legend>
      <RadioGroup
        label="Grant"
        name={`${id}-kind`}
        value={value.kind}
        onValueChange={(kind) => onChange({ ...value, kind: kind as GrantChoice })}
        choices={[
          ...(offersInherit(parentSlug, stored) ? [inherit] : []),
          {
            value: "none",
            label: stored === undefined ? "No tools — grant them after creating" : "No tools",
            description: "The agent can call nothing until an admin grants tools.",
          },
          { value: "all", label: "Every tool", description: everyToolDescription(tools) },
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
