"use client";

import { RadioGroup as RadioGroupPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn";

export interface RadioChoice {
  readonly value: string;
  readonly label: ReactNode;
  readonly description?: ReactNode;
}

interface RadioGroupProps {
  readonly label: string;
  readonly choices: readonly RadioChoice[];
  readonly value?: string;
  readonly defaultValue?: string;
  readonly onValueChange?: (value: string) => void;
  readonly name?: string;
  readonly disabled?: boolean;
  readonly className?: string;
}

/** One choice among a few, each with an optional line of explanation; arrow keys move between them. */
export function RadioGroup({ label, choices, className, ...props }: RadioGroupProps) {
  return (
    <RadioGroupPrimitive.Root aria-label={label} className={cn("grid gap-2", className)} {...props}>
      {choices.map((choice) => {
        const id = `${props.name ?? label}-${choice.value}`.replace(/\W+/g, "-");
        return (
          <div key={choice.value} className="flex items-start gap-3">
            <RadioGroupPrimitive.Item
              id={id}
              value={choice.value}
              className="relative mt-0.5 size-4 shrink-0 rounded-full border border-input bg-surface shadow-xs outline-none before:absolute before:-inset-3.5 before:content-[''] focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 data-[state=checked]:border-primary sm:before:-inset-1"
            >
              <RadioGroupPrimitive.Indicator className="flex items-center justify-center after:block after:size-2 after:rounded-full after:bg-primary after:content-['']" />
            </RadioGroupPrimitive.Item>
            <label htmlFor={id} className="grid gap-0.5 text-sm">
              <span className="font-medium">{choice.label}</span>
              {choice.description && <span className="text-xs text-muted-foreground">{choice.description}</span>}
            </label>
          </div>
        );
      })}
    </RadioGroupPrimitive.Root>
  );
}
