import { twMerge } from "tailwind-merge";

/** Joins class names, skipping falsy ones; a later Tailwind class wins over a conflicting earlier one. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return twMerge(classes.filter(Boolean).join(" "));
}
