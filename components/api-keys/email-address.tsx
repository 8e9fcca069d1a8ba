import { Fragment } from "react";
import { cn } from "@/components/ui/cn";

/**
 * "alice@example.com" → ["alice", "@example.com"]: the two parts an address may wrap between. The
 * last "@" divides them (a quoted local part may hold one); anything else stays whole.
 */
export function emailParts(address: string): string[] {
  const at = address.lastIndexOf("@");
  return at > 0 ? [address.slice(0, at), address.slice(at)] : [address];
}

/**
 * An e-mail address in a narrow cell: it wraps before the "@" and nowhere else, so neither the name
 * nor the domain is split mid-word. Only a part wider than the whole cell is cut, with an ellipsis,
 * and the full address is its title (UI.md: truncate with a title).
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  return (
    <span title={address} className={cn("block min-w-0", className)}>
      {emailParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          <span className="inline-block max-w-full truncate align-bottom">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
