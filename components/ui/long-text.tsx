"use client";

import { useId, useState } from "react";

/** Past this many characters a text starts folded to a few lines. */
const FOLDED_FROM = 280;

/**
 * Text that may be very long (a tool's description holds up to 8,192 characters): it wraps
 * anywhere, so one unbroken word cannot push the page sideways, and a long one starts folded to
 * three lines with a button to show it all.
 */
export function LongText({ text }: { readonly text: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (text.length <= FOLDED_FROM) return <span className="[overflow-wrap:anywhere]">{text}</span>;
  return (
    <>
      <span id={id} className={open ? "block [overflow-wrap:anywhere] whitespace-pre-line" : "line-clamp-3 [overflow-wrap:anywhere]"}>
        {text}
      </span>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)} className="mt-1 rounded-sm text-xs font-medium text-accent-foreground underline-offset-2 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50">
        {open ? "Show less" : `Show all ${text.length.toLocaleString("en")} characters`}
      </button>
    </>
  );
}
