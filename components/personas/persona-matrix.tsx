"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { Switch } from "@/components/ui/switch";
import { compactTokens, tokensText } from "@/components/tools/token-cost-labels";
import { Tooltip } from "@/components/ui/tooltip";
import type { MatrixRow } from "@/lib/personas/matrix";
import { GroupSelect } from "./persona-selects";
import { useToolSwitches } from "./use-tool-switches";

interface Props {
  readonly personas: readonly { readonly slug: string; readonly name: string }[];
  /** OpenAI tokens each persona's tools cost a request, by slug (its context budget). */
  readonly tokens: Readonly<Record<string, number>>;
  /** The rows of the current page. */
  readonly rows: readonly MatrixRow[];
  readonly groups: readonly string[];
  readonly group: string;
  readonly editable: boolean;
}

/**
 * Tools × personas: one switch per tool and persona (the same switches as a persona's page), the
 * reason on hover and focus. The table scrolls sideways inside its frame, never the page; the tool
 * column stays in view.
 */
export function PersonaMatrix({ personas, tokens, rows, groups, group, editable }: Props) {
  const router = useRouter();
  const pathname = usePathname();
  const switches = useToolSwitches();

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="matrix-group" className="text-sm font-medium">
          Group
        </label>
        <GroupSelect
          id="matrix-group"
          className="w-auto min-w-48"
          value={group}
          onChange={(next) => router.push(next ? `${pathname}?group=${encodeURIComponent(next)}` : pathname)}
          groups={groups}
        />
      </div>
      <div className="max-h-[70dvh] min-w-0 overflow-auto rounded-lg border bg-surface shadow-xs" tabIndex={0} role="region" aria-label="Tools × personas matrix">
        <table className="w-max min-w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Each tool&apos;s switch for each persona; the reason shows on hover and focus.</caption>
          <thead>
            <tr>
              <th scope="col" className="sticky top-0 left-0 z-20 border-b bg-muted px-3 py-2 text-left text-xs font-medium text-muted-foreground">
                Tool
              </th>
              {personas.map((persona) => (
                <th key={persona.slug} scope="col" className="sticky top-0 z-10 max-w-28 border-b bg-muted px-2 py-2 text-center text-xs font-medium">
                  <Link href={`/personas/${persona.slug}`} className="block truncate hover:underline" title={persona.name}>
                    {persona.name}
                  </Link>
                  <Link
                    href={`/personas/${persona.slug}?tab=budget`}
                    className="block truncate text-[11px] font-normal text-muted-foreground tabular-nums hover:underline"
                    title={`${tokensText(tokens[persona.slug] ?? 0)} of every OpenAI request`}
                    aria-label={`${persona.name}'s context budget: ${tokensText(tokens[persona.slug] ?? 0)} a request (OpenAI)`}
                  >
                    {compactTokens(tokens[persona.slug] ?? 0)} tokens
                  </Link>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.tool} className="hover:bg-muted/40">
                <th scope="row" className="sticky left-0 z-10 max-w-36 border-b sm:max-w-56 bg-surface px-3 py-1.5 text-left font-normal">
                  <span className="block truncate font-mono text-xs" title={row.tool}>
                    {row.tool}
                  </span>
                  <span className="block truncate text-[11px] text-muted-foreground">{row.group}</span>
                </th>
                {row.cells.map((cell, index) => {
                  const persona = personas[index]!;
                  const label = `${row.tool} for ${persona.slug}`;
                  if (cell.code === "outside_grant") {
                    return (
                      <td key={persona.slug} className="border-b px-2 py-1.5 text-center">
                        <Tooltip content={cell.reason}>
                          <span tabIndex={0} role="img" aria-label={`${label}: ${cell.reason}`} className="inline-block rounded px-1 text-muted-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
                            –
                          </span>
                        </Tooltip>
                      </td>
                    );
                  }
                  const stored = cell.code !== "disabled_by_operator";
                  return (
                    <td key={persona.slug} className="border-b px-2 py-1.5 text-center">
                      <Tooltip content={cell.reason}>
                        <Switch
                          checked={switches.enabledOf(persona.slug, row.tool, stored)}
                          onCheckedChange={(next) => switches.save(persona.slug, [row.tool], next)}
                          disabled={!editable}
                          aria-busy={switches.isSaving(persona.slug, row.tool) || undefined}
                          aria-label={label}
                        />
                      </Tooltip>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
