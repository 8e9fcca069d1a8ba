"use client";

import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { OPEN_PARAMETER } from "./opening-link";


/**
 * A dialog's open state that a link can set: arriving with `?open=<name>` opens it, and closing it
 * takes the parameter out of the address again (so a reload or Back does not reopen it).
 */
export function useOpenedByLink(name: string): readonly [boolean, (open: boolean) => void] {
  const asked = useSearchParams().get(OPEN_PARAMETER) === name;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (asked) setOpen(true);
  }, [asked]);
  const change = useCallback(
    (next: boolean) => {
      setOpen(next);
      if (next) return;
      const address = new URL(window.location.href);
      if (address.searchParams.get(OPEN_PARAMETER) !== name) return;
      address.searchParams.delete(OPEN_PARAMETER);
      window.history.replaceState(window.history.state, "", address);
    },
    [name],
  );
  return [open, change] as const;
}
