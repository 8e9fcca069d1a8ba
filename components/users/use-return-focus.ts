"use client";

import { useEffect, useRef } from "react";

/**
 * Focuses the element `id` (the control that opened a dialog) again once `open` turns false.
 * Radix gives focus back only to its own Trigger; these dialogs are opened by the page (kept
 * mounted, driven by `open`), so without this a keyboard operator would land at the top of the page.
 */
export function useReturnFocus(open: boolean, id: string): void {
  const wasOpen = useRef(open);
  useEffect(() => {
    // Runs after the dialog's content (and its focus trap) unmounted in the same commit.
    if (wasOpen.current && !open) document.getElementById(id)?.focus();
    wasOpen.current = open;
  }, [open, id]);
}
