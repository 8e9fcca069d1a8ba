import { cn } from "@/components/ui/cn";
import { formatTime } from "./format";

/** A UTC time that wraps between its date and its clock time, never inside either. */
export function Stamp({ at, className }: { at: Date; className?: string }) {
  const [date, time] = formatTime(at).split(" ");
  return (
    <time dateTime={at.toISOString()} className={cn("tabular-nums", className)}>
      <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">{time} UTC</span>
    </time>
  );
}
