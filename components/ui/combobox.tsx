"use client";

import { Command } from "cmdk";
import { Check, ChevronsUpDown, X } from "lucide-react";
import { useState } from "react";
import { cn } from "./cn";
import { controlClasses, describedBy } from "./field";
import { Popover } from "./popover";

export interface ComboboxOption {
  readonly value: string;
  readonly label: string;
  /** Options with a group are listed under that heading. */
  readonly group?: string;
}

interface ComboboxProps {
  readonly id: string;
  readonly options: readonly ComboboxOption[];
  /** The chosen values; a single-choice combobox holds at most one. */
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly multiple?: boolean;
  readonly placeholder?: string;
  readonly searchPlaceholder?: string;
  readonly emptyText?: string;
  readonly error?: string;
  readonly disabled?: boolean;
}

/** The options whose label or value contains every word of `query`, ignoring case. */
export function filterOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return options.filter((option) => words.every((word) => option.label.toLowerCase().includes(word) || option.value.toLowerCase().includes(word)));
}

function groupsOf(options: readonly ComboboxOption[]): [string, ComboboxOption[]][] {
  const groups = new Map<string, ComboboxOption[]>();
  for (const option of options) groups.set(option.group ?? "", [...(groups.get(option.group ?? "") ?? []), option]);
  return [...groups];
}

/**
 * A searchable choice among many (cmdk inside a popover): type to filter, arrows to move, Enter
 * to choose. With `multiple`, choices toggle and show as removable chips under the trigger.
 */
export function Combobox({ id, options, value, onChange, multiple = false, placeholder = "Choose…", searchPlaceholder = "Search…", emptyText = "Nothing matches.", error, disabled }: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const chosen = new Set(value);
  const labelOf = (choice: string) => options.find((option) => option.value === choice)?.label ?? choice;
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setQuery("");
  };
  const choose = (choice: string) => {
    if (multiple) {
      onChange(chosen.has(choice) ? value.filter((item) => item !== choice) : [...value, choice]);
      return;
    }
    onChange([choice]);
    changeOpen(false);
  };
  const summary = value.length === 0 ? placeholder : multiple ? `${value.length} selected` : labelOf(value[0]!);

  return (
    <div className="grid gap-2">
      <Popover
        open={open}
        onOpenChange={changeOpen}
        className="w-(--radix-popover-trigger-width) min-w-64 p-0"
        trigger={
          <button
            id={id}
            type="button"
            role="combobox"
            aria-expanded={open}
            aria-haspopup="listbox"
            disabled={disabled}
            {...describedBy(id, error)}
            className={cn(controlClasses, "flex h-11 items-center justify-between gap-2 text-left sm:h-9", value.length === 0 && "text-muted-foreground")}
          >
            <span className="truncate">{summary}</span>
            <ChevronsUpDown aria-hidden className="size-4 shrink-0 opacity-60" />
          </button>
        }
      >
        <Command shouldFilter={false} label={placeholder} className="flex flex-col">
          <Command.Input
            value={query}
            onValueChange={setQuery}
            placeholder={searchPlaceholder}
            className="h-11 border-b bg-transparent px-3 text-base outline-none placeholder:text-muted-foreground sm:h-9 sm:text-sm"
          />
          <Command.List className="max-h-64 overflow-y-auto p-1">
            <Command.Empty className="px-2 py-4 text-center text-sm text-muted-foreground">{emptyText}</Command.Empty>
            {groupsOf(filterOptions(options, query)).map(([group, members]) => (
              <Command.Group
                key={group}
                heading={group || undefined}
                className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
              >
                {members.map((option) => (
                  <Command.Item
                    key={option.value}
                    value={option.value}
                    onSelect={() => choose(option.value)}
                    data-checked={chosen.has(option.value) || undefined}
                    className="flex min-h-11 cursor-default items-center gap-2 rounded-sm px-2 text-sm outline-none data-[selected=true]:bg-muted sm:min-h-8"
                  >
                    <Check aria-hidden className={cn("size-4", chosen.has(option.value) ? "opacity-100" : "opacity-0")} />
                    <span className="truncate">{option.label}</span>
                    {chosen.has(option.value) && <span className="sr-only">(chosen)</span>}
                  </Command.Item>
                ))}
              </Command.Group>
            ))}
          </Command.List>
        </Command>
      </Popover>
      {multiple && value.length > 0 && (
        <ul aria-label="Chosen" className="flex flex-wrap gap-1.5">
          {value.map((choice) => (
            <li key={choice} className="inline-flex items-center gap-1 rounded-md border bg-muted py-0.5 pr-0.5 pl-2 text-xs">
              <span className="font-mono">{labelOf(choice)}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(value.filter((item) => item !== choice))}
                className="inline-flex size-6 items-center justify-center rounded-sm hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <X aria-hidden className="size-3" />
                <span className="sr-only">Remove {labelOf(choice)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
