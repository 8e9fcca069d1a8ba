"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { PersonaDeletion } from "@/lib/personas/server/persona-maintenance";

interface Props {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly name: string;
  readonly deletion: PersonaDeletion;
  readonly pending: boolean;
  readonly onConfirm: () => void;
}

const list = (names: readonly string[]) => names.join(", ");

/**
 * Says, before anything happens, what deleting a persona does: its children move to its parent
 * (or become roots), keys scoped to it lose it, keys left with no persona are revoked. The admin
 * confirms or cancels; nothing is left pointing at a persona that is gone.
 */
export function DeletePersonaDialog({ open, onOpenChange, name, deletion, pending, onConfirm }: Props) {
  const one = deletion.children.length === 1;
  const destination = deletion.newParentSlug ? `${one ? "moves" : "move"} to ${deletion.newParentSlug}` : one ? "becomes a root persona" : "become root personas";
  const simple = deletion.children.length === 0 && deletion.detachedKeys.length === 0 && deletion.revokedKeys.length === 0;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete ${name}?`}
      description={
        simple
          ? "It has no children and no API keys; any app connected to it (Settings → Connected apps) is disconnected. This cannot be undone."
          : "This cannot be undone. Any app connected to it (Settings → Connected apps) is disconnected. Here is what happens to what else depends on it:"
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {deletion.children.length > 0 ? `Move children and delete` : "Delete persona"}
          </Button>
        </>
      }
    >
      {!simple && (
        <ul className="grid list-disc gap-2 pl-5 text-sm">
          {deletion.children.length > 0 && (
            <li>
              Its {deletion.children.length === 1 ? "child" : `${deletion.children.length} children`} ({list(deletion.children.map((child) => child.slug))}) {destination}.
            </li>
          )}
          {deletion.keepingGrant.length > 0 && (
            <li>
              {list(deletion.keepingGrant)} {deletion.keepingGrant.length === 1 ? "keeps" : "keep"} the grant inherited from it as {deletion.keepingGrant.length === 1 ? "its" : "their"} own, so
              no agent gains a tool.
            </li>
          )}
          {deletion.detachedKeys.length > 0 && <li>API keys that keep other personas lose this one: {list(deletion.detachedKeys)}.</li>}
          {deletion.revokedKeys.length > 0 && <li>API keys scoped to this persona alone are revoked: {list(deletion.revokedKeys)}.</li>}
        </ul>
      )}
    </Dialog>
  );
}
