"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { buttonVariants } from "./button";
import { cn } from "./cn";
import { toast } from "./toaster";

/** Copies `value` and says "Copied" for a moment (visibly and to screen readers). */
export function CopyButton({ value, label = "Copy", className }: { value: string; label?: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <button
      type="button"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
        } catch {
          // Refused (permission, or no clipboard outside a secure origin): say so rather than nothing.
          toast.error("Could not copy. Select the text and copy it instead.");
          return;
        }
        setCopied(true);
      }}
      className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "text-xs", className)}
    >
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </button>
  );
}
