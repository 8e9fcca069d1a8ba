"use client";

import { Popover as PopoverPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn";

interface PopoverProps {
  readonly trigger: ReactNode;
  readonly children: ReactNode;
  readonly open?: boolean;
  readonly onOpenChange?: (open: boolean) => void;
  readonly align?: "start" | "center" | "end";
  readonly className?: string;
}

/** Content anchored to a trigger; Esc and a click outside close it and focus returns to the trigger. */
export function Popover({ trigger, children, open, onOpenChange, align = "start", className }: PopoverProps) {
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Trigger asChild>{trigger}</PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align={align}
          sideOffset={4}
          className={cn(
            "z-50 w-72 max-w-[calc(100vw-1rem)] rounded-md border bg-surface-raised p-3 text-foreground shadow-lg outline-none data-[state=open]:animate-in data-[state=open]:fade-in-0",
            className,
          )}
        >
          {children}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
