"use client";

import { Tabs as TabsPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

export interface TabPanel {
  readonly value: string;
  readonly label: ReactNode;
  readonly content: ReactNode;
}

/** Tabs on Radix (arrow keys move, Home/End jump); the tab row scrolls sideways on its own, never the page. */
interface TabsProps {
  readonly panels: readonly TabPanel[];
  readonly label: string;
  readonly defaultValue?: string;
  /** Controlled use: the open tab and what happens when the operator picks another. */
  readonly value?: string;
  readonly onValueChange?: (value: string) => void;
  readonly className?: string;
}

export function Tabs({ panels, defaultValue, value, onValueChange, label, className }: TabsProps) {
  return (
    <TabsPrimitive.Root
      defaultValue={value === undefined ? (defaultValue ?? panels[0]?.value) : undefined}
      value={value}
      onValueChange={onValueChange}
      className={cn("grid min-w-0 gap-4", className)}
    >
      <TabsList aria-label={label}>
        {panels.map((panel) => (
          <TabsTrigger key={panel.value} value={panel.value}>
            {panel.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {panels.map((panel) => (
        <TabsPrimitive.Content key={panel.value} value={panel.value} className="min-w-0 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          {panel.content}
        </TabsPrimitive.Content>
      ))}
    </TabsPrimitive.Root>
  );
}

function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={cn("-mb-px flex max-w-full gap-1 overflow-x-auto border-b", className)} {...props} />;
}

function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        "inline-flex min-h-11 shrink-0 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm font-medium text-muted-foreground outline-none sm:min-h-9",
        "hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:border-primary data-[state=active]:text-foreground",
        className,
      )}
      {...props}
    />
  );
}
