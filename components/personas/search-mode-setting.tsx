"use client";

import { Search } from "lucide-react";
import { useOptimistic, useTransition } from "react";
import { setPersonaSearchModeAction } from "@/lib/personas/server/actions";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toaster";

interface Props {
  readonly persona: string;
  readonly enabled: boolean;
  /** How many tools the persona offers now (effective: grant minus switches). */
  readonly toolCount: number;
  /** Past this many tools search mode is suggested (QUIVER_SEARCH_MODE_THRESHOLD). */
  readonly threshold: number;
  /** Editors and admins may switch it; viewers read it. */
  readonly editable: boolean;
}

const tools = (count: number) => `${count} tool${count === 1 ? "" : "s"}`;

/** Saves the switch and toasts the server's answer; `setShown` flips the view at once (and back, when refused). */
function useSearchModeSave(persona: string, setShown: (value: boolean) => void) {
  const [saving, startTransition] = useTransition();
  const save = (next: boolean) =>
    startTransition(async () => {
      setShown(next);
      const result = await setPersonaSearchModeAction(persona, next);
      if (result.ok) toast.success(result.message ?? "Saved.");
      else toast.error(result.message);
    });
  return { saving, save };
}

/**
 * Above a large persona's tabs: past the operator's threshold, and while search mode is off, the
 * suggestion to switch it on, with a button that does (for editors). Nothing otherwise.
 */
export function SearchModeSuggestion({ persona, enabled, toolCount, threshold, editable }: Props) {
  const [shown, setShown] = useOptimistic(enabled);
  const { saving, save } = useSearchModeSave(persona, setShown);
  if (shown || toolCount <= threshold) return null;
  return (
    <aside aria-label="Search mode suggested" className="mb-3 flex flex-wrap items-center gap-3 rounded-md border border-info/40 bg-info-subtle px-3 py-2 text-sm text-info-foreground">
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        <Search aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          This persona offers {tools(toolCount)}; agents choose better from a search. In search mode they get three tools — search, describe and call —
          instead of all {toolCount}, and can still call every one of them.
        </span>
      </p>
      {editable ? (
        <Button variant="secondary" size="sm" disabled={saving} onClick={() => save(true)}>
          Switch to search mode
        </Button>
      ) : (
        <span className="text-xs">An editor can switch it on.</span>
      )}
    </aside>
  );
}

/**
 * The search mode switch with what it does, on the "What the agent sees" tab. It flips at once and
 * flips back by itself when the server refuses; it is never disabled while saving, so keyboard
 * focus stays on it.
 */
export function SearchModeSetting({ persona, enabled, toolCount, threshold, editable }: Props) {
  const [shown, setShown] = useOptimistic(enabled);
  const { saving, save } = useSearchModeSave(persona, setShown);
  return (
    <Card title="Search mode">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <label htmlFor="search-mode-switch" className="text-sm font-medium">
            Expose as search
          </label>
          <p id="search-mode-help" className="text-sm text-muted-foreground">
            {shown
              ? `Agents get search_tools, describe_tool and call_tool instead of the ${tools(toolCount)}; Claude, in Anthropic's format, gets every tool deferred behind its own tool search. Calls go through the same checks, switches and call log.`
              : `Agents get all ${tools(toolCount)}. Switched on, they get three tools to search, describe and call them instead${toolCount > threshold ? ` — suggested past ${threshold}` : ""}.`}
          </p>
        </div>
        <Switch
          id="search-mode-switch"
          checked={shown}
          disabled={!editable}
          onCheckedChange={save}
          aria-describedby="search-mode-help"
          aria-busy={saving || undefined}
        />
      </div>
    </Card>
  );
}
