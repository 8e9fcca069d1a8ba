import { cn } from "./cn";

/** A shimmering placeholder of the shape of what is loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-muted", className)} />;
}
