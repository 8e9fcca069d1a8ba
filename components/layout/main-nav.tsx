"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/components/ui/cn";

const SECTIONS = [
  { href: "/tools", label: "Tools" },
  { href: "/personas", label: "Personas" },
  { href: "/audit", label: "Audit" },
  { href: "/settings", label: "Settings" },
] as const;

/** The dashboard's primary navigation; marks the current section for screen readers too. */
export function MainNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex gap-1">
      {SECTIONS.map((section) => {
        const current = pathname === section.href || pathname.startsWith(`${section.href}/`);
        return (
          <Link
            key={section.href}
            href={section.href}
            aria-current={current ? "page" : undefined}
            className={cn(
              "rounded-md px-3 py-2 text-sm font-medium",
              current
                ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
                : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800",
            )}
          >
            {section.label}
          </Link>
        );
      })}
    </nav>
  );
}
