"use client";

import { ChevronsUpDown, LogOut, Monitor, Moon, Sun, UserRound } from "lucide-react";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { useTheme } from "next-themes";
import { DropdownMenu } from "radix-ui";
import { cn } from "@/components/ui/cn";
import { menuContentClasses } from "@/components/ui/menu";

export interface ShellOperator {
  readonly name: string;
  readonly email: string;
  readonly role: string;
}

export const THEMES = [
  { value: "system", label: "System", icon: Monitor },
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
] as const;

const itemClasses = "flex min-h-11 cursor-default items-center gap-2 rounded-sm px-2 text-sm outline-none data-[highlighted]:bg-muted sm:min-h-8 [&_svg]:size-4 [&_svg]:text-muted-foreground";

function initialsOf(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((word) => word[0]!.toUpperCase()).join("") || "?";
}

/** The operator at the foot of the sidebar: who is signed in, their role, their account page, the theme, sign out. */
export function OperatorMenu({ operator, compact }: { operator: ShellOperator; compact: boolean }) {
  const { theme, setTheme } = useTheme();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className={cn(
          "flex w-full min-w-0 items-center gap-2 rounded-md p-2 text-left outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50",
          compact && "justify-center",
        )}
      >
        <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground">
          {initialsOf(operator.name)}
        </span>
        <span className={cn("min-w-0 flex-1", compact && "sr-only")}>
          <span className="block truncate text-sm font-medium" data-testid="operator-name">
            {operator.name}
          </span>
          <span className="block truncate text-xs text-muted-foreground" aria-label={`Role: ${operator.role}`}>
            {operator.role}
          </span>
        </span>
        {!compact && <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
        <span className="sr-only">Account menu</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content side="top" align="start" sideOffset={6} className={cn(menuContentClasses, "w-60")}>
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block truncate text-sm font-medium">{operator.name}</span>
            <span className="block truncate text-xs text-muted-foreground">{operator.email}</span>
            <span className="mt-1 inline-block rounded bg-accent px-1.5 py-0.5 text-xs font-medium text-accent-foreground">{operator.role}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClasses}>
            <Link href="/settings/account">
              <UserRound aria-hidden />
              Your account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Label className="px-2 pt-1 text-xs text-muted-foreground">Theme</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={theme ?? "system"} onValueChange={setTheme}>
            {THEMES.map(({ value, label, icon: Icon }) => (
              <DropdownMenu.RadioItem key={value} value={value} className={cn(itemClasses, "data-[state=checked]:font-medium")}>
                <Icon aria-hidden />
                {label}
                <DropdownMenu.ItemIndicator className="ml-auto text-xs text-muted-foreground">✓</DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => signOut({ callbackUrl: "/login" })}>
            <LogOut aria-hidden />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
