"use client";

import { Save } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { STICKY_BAR_HEIGHT } from "@/components/ui/toaster";
import { controlId } from "./field-issues";

interface SaveBarProps {
  /** Editing a stored tool (Save, Discard) rather than creating one (Create tool, Cancel). */
  readonly editing: boolean;
  readonly dirty: boolean;
  readonly pending: boolean;
  readonly note: string;
  readonly onNoteChange: (note: string) => void;
  /** The server refused the note (e.g. too long). */
  readonly noteInvalid: boolean;
  readonly onSave: () => void;
  /** Discard (editing): the draft as it was opened; Cancel (new): back to the tools. */
  readonly onDiscard: () => void;
}

/** The bar kept at the bottom of the editor: whether there are unsaved changes, the revision note, Discard and Save. */
export function SaveBar({ editing, dirty, pending, note, onNoteChange, noteInvalid, onSave, onDiscard }: SaveBarProps) {
  const bar = useStickyBarHeight();
  return (
    <div ref={bar} className="sticky bottom-0 z-30 -mx-4 border-t bg-surface/95 backdrop-blur md:-mx-8">
      <div className="flex flex-wrap items-center gap-2 px-4 py-3 md:px-8">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {dirty ? "Unsaved changes" : "No changes yet"}
        </p>
        <label htmlFor={controlId("note")} className="sr-only">
          Note for this revision
        </label>
        <Input id={controlId("note")} value={note} aria-invalid={noteInvalid ? true : undefined} onChange={(event) => onNoteChange(event.target.value)} placeholder="Note for this revision (optional)" className="min-w-0 flex-1 basis-48" />
        <Button variant="ghost" disabled={!dirty || pending} onClick={onDiscard}>
          {editing ? "Discard" : "Cancel"}
        </Button>
        <Button disabled={pending || (!dirty && editing)} onClick={onSave}>
          <Save aria-hidden /> {pending ? "Saving…" : editing ? "Save" : "Create tool"}
        </Button>
      </div>
    </div>
  );
}

/** Tells the toaster how tall the bar is (it wraps on phones), so toasts sit above Save rather than on it. */
function useStickyBarHeight() {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty(STICKY_BAR_HEIGHT, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(STICKY_BAR_HEIGHT);
    };
  }, []);
  return bar;
}
