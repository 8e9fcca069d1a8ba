"use client";

import { Search } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { StatusBadge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";
import { Switch } from "@/components/ui/switch";
import { Cell, Row, Table } from "@/components/ui/table";
import type { PersonaToolRow } from "@/lib/personas/server/persona-view";
import { GroupSelect } from "./persona-selects";
import { useToolSwitches } from "./use-tool-switches";

interface Props {
  readonly persona: string;
  readonly personaName: string;
  readonly tools: readonly PersonaToolRow[];
  readonly groups: readonly string[];
  /** False for viewers: switches show, disabled. */
  readonly editable: boolean;
}

/** A moment as the page shows it, the same on the server and in the browser. */
function formatMoment(at: Date): string {
  return `${new Date(at).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The badge: a word or two; the reason follows it in full. */
function statusOf(tool: PersonaToolRow, enabled: boolean): { status: "success" | "warning" | "neutral"; label: string } {
  if (tool.code === "outside_grant") return { status: "neutral", label: "outside grant" };
  return enabled ? { status: "success", label: "on" } : { status: "warning", label: "off" };
}

/**
 * Every catalog tool of one persona with its switch and the reason it is or isn't available;
 * search, a group filter, and bulk "disable all in this group" / "enable all" (one change each).
 */
export function ToolSwitches({ persona, personaName, tools, groups, editable }: Props) {
  const [query, setQuery] = useState("");
  const [group, setGroup] = useState("");
  const needle = useDeferredValue(query.trim().toLowerCase());
  const switches = useToolSwitches();
  const shown = tools.filter(
    (tool) => (!group || tool.group === group) && (!needle || tool.name.toLowerCase().includes(needle) || tool.description.toLowerCase().includes(needle)),
  );
  const switchable = shown.filter((tool) => tool.code !== "outside_grant");
  const storedOn = (tool: PersonaToolRow) => tool.code !== "disabled_by_operator";
  const enabledOf = (tool: PersonaToolRow) => switches.enabledOf(persona, tool.name, storedOn(tool));
  const toDisable = switchable.filter(enabledOf).map((tool) => tool.name);
  const toEnable = switchable.filter((tool) => !enabledOf(tool)).map((tool) => tool.name);
  // A bulk button that cannot act says why, rather than sitting there greyed out.
  const bulkIdle =
    switchable.length === 0
      ? "None of these tools is granted here, so there is nothing to switch."
      : toEnable.length === 0
        ? "Every granted tool shown is on."
        : group && toDisable.length === 0
          ? "Every granted tool shown is off."
          : undefined;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="relative min-w-0 flex-1 basis-56">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id="tool-search" type="search" aria-label="Search tools" placeholder="Search tools…" className="pl-9" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <GroupSelect id="tool-group" className="w-auto min-w-40" value={group} onChange={setGroup} groups={groups} />
        {editable && (
          <div className="flex flex-wrap gap-2">
            {group && (
              <Button variant="secondary" disabled={toDisable.length === 0} aria-describedby={bulkIdle ? "bulk-idle" : undefined} onClick={() => switches.save(persona, toDisable, false)}>
                Disable all in this group
              </Button>
            )}
            <Button variant="secondary" disabled={toEnable.length === 0} aria-describedby={bulkIdle ? "bulk-idle" : undefined} onClick={() => switches.save(persona, toEnable, true)}>
              Enable all{group ? " in this group" : ""}
            </Button>
          </div>
        )}
      </div>
      {editable && bulkIdle && (
        <p id="bulk-idle" className="text-xs text-muted-foreground">
          {bulkIdle}
        </p>
      )}
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {shown.length === tools.length ? `${tools.length} tools` : `${shown.length} of ${tools.length} tools match`}
      </p>
      <Table
        caption={`Tools of ${personaName}`}
        columns={[{ label: "Tool" }, { label: "Group" }, { label: "Availability" }, { label: "Enabled", className: "text-right" }]}
        isEmpty={shown.length === 0}
        empty="No tool matches the search and group."
      >
        {shown.map((tool) => {
          const enabled = enabledOf(tool);
          const changed = enabled !== storedOn(tool);
          const { status, label } = statusOf(tool, enabled);
          return (
            <Row key={tool.name} label={tool.name}>
              <Cell className="font-mono break-all">{tool.name}</Cell>
              <Cell label="Group">
                <span className="text-xs">{tool.group}</span>
              </Cell>
              <Cell label="Availability">
                <div className="grid justify-items-start gap-1">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <StatusBadge status={status}>{label}</StatusBadge>
                    <span className="text-xs">{changed ? (enabled ? "available" : "disabled by operator") : tool.reason}</span>
                  </span>
                  {!changed && tool.switchedOff && (
                    <span className="text-xs text-muted-foreground">
                      Switched off by {tool.switchedOff.by} on {formatMoment(tool.switchedOff.at)}
                    </span>
                  )}
                  {tool.offOnParent && tool.code !== "outside_grant" && <span className="text-xs text-muted-foreground">Switched off on the parent (applies to the parent only)</span>}
                </div>
              </Cell>
              <Cell label="Enabled" className="md:text-right">
                {tool.code === "outside_grant" ? (
                  <span className="text-xs text-muted-foreground" title="Not in the grant: an admin decides the grant">
                    not granted
                  </span>
                ) : (
                  <Switch
                    checked={enabled}
                    onCheckedChange={(next) => switches.save(persona, [tool.name], next)}
                    disabled={!editable}
                    aria-busy={switches.isSaving(persona, tool.name) || undefined}
                    aria-label={`${tool.name} for ${persona}`}
                  />
                )}
              </Cell>
            </Row>
          );
        })}
      </Table>
    </div>
  );
}
