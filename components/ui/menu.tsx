"use client";

import { MoreHorizontal } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import Link from "next/link";
import { useId, type ReactNode } from "react";
import { buttonVariants } from "./button";
import { cn } from "./cn";

export type MenuItem =
  /** Items under a heading, announced as a group; arrow keys move through groups as through one list. */
  | { readonly kind: "group"; readonly label: string; readonly items: readonly MenuItem[] }
  /** `download`: a file from a route handler, so a plain link the browser downloads (no client navigation). */
  | { readonly kind: "link"; readonly label: string; readonly href: string; readonly icon?: ReactNode; readonly download?: boolean }
  | { readonly kind: "action"; readonly label: string; readonly onSelect: () => void; readonly icon?: ReactNode; readonly destructive?: boolean }
  | { readonly kind: "separator" };

export const menuContentClasses =
  "z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-44 overflow-x-hidden overflow-y-auto rounded-md border bg-surface-raised p-1 text-foreground shadow-lg data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95";
const itemClasses =
  "flex min-h-11 cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-muted sm:min-h-8 [&_svg]:size-4 [&_svg]:text-muted-foreground";

/** A drop-down menu of links and actions; destructive actions go last, after a separator. */
export function Menu({ trigger, items, align = "end" }: { trigger: ReactNode; items: readonly MenuItem[]; align?: "start" | "end" }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align={align} sideOffset={4} className={menuContentClasses}>
          <MenuItems items={items} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The items in order; a group's items under its heading. */
function MenuItems({ items }: { items: readonly MenuItem[] }) {
  return items.map((item, index) => {
    if (item.kind === "group") return <MenuGroup key={item.label} label={item.label} items={item.items} />;
    if (item.kind === "separator") return <DropdownMenu.Separator key={`separator-${index}`} className="-mx-1 my-1 h-px bg-border" />;
    if (item.kind === "link") {
      const content = (
        <>
          {item.icon}
          {item.label}
        </>
      );
      return (
        <DropdownMenu.Item key={item.label} asChild className={itemClasses}>
          {item.download ? (
            <a href={item.href} download>
              {content}
            </a>
          ) : (
            <Link href={item.href}>{content}</Link>
          )}
        </DropdownMenu.Item>
      );
    }
    return (
      <DropdownMenu.Item
        key={item.label}
        onSelect={item.onSelect}
        className={cn(itemClasses, item.destructive && "text-danger-foreground [&_svg]:text-danger-foreground")}
      >
        {item.icon}
        {item.label}
      </DropdownMenu.Item>
    );
  });
}

/** A heading and its items; the group is named by the heading, which is not itself an item. */
function MenuGroup({ label, items }: { label: string; items: readonly MenuItem[] }) {
  const headingId = useId();
  return (
    <DropdownMenu.Group aria-labelledby={headingId}>
      <DropdownMenu.Label id={headingId} className="px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground">
        {label}
      </DropdownMenu.Label>
      <MenuItems items={items} />
    </DropdownMenu.Group>
  );
}

/** The ⋯ button that opens a row's actions, labelled with what the row is. */
export function RowActions({ label, items }: { label: string; items: readonly MenuItem[] }) {
  return (
    <Menu
      items={items}
      trigger={
        <button type="button" className={buttonVariants({ variant: "ghost", size: "icon" })}>
          <MoreHorizontal aria-hidden />
          <span className="sr-only">{label}</span>
        </button>
      }
    />
  );
}
