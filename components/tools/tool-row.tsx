import { Braces, Copy, Download, ExternalLink, FlaskConical, Pencil } from "lucide-react";
import { HealthBadge } from "@/components/playground/health-badge";
import { Badge, StatusBadge } from "@/components/ui/badge";
import { RowActions } from "@/components/ui/menu";
import { Cell, Row } from "@/components/ui/table";
import { ToolNameCell } from "./tool-name-cell";
import type { ToolHealth } from "@/lib/playground/playground-types";

/** What one row of the tool list shows, the same shape for data-defined and code tools. */
export type ToolRowData =
  | {
      readonly kind: "data";
      readonly name: string;
      readonly description: string;
      readonly method: string;
      readonly sideEffect: boolean;
      readonly group: string | null;
      readonly tags: readonly string[];
      readonly version: number;
      readonly updatedBy: string;
      readonly updatedAt: Date;
    }
  | { readonly kind: "code"; readonly name: string; readonly description: string; readonly sideEffect: boolean };

/** The form the list's selection checkboxes belong to (a GET form: it works without JavaScript). */
export const EXPORT_FORM_ID = "export-form";

/** One row of the tool list (a card on phones) with its test health; editors also get Edit and Clone. */
export function ToolRow({ tool, canEdit, health }: { tool: ToolRowData; canEdit: boolean; health?: ToolHealth }) {
  const href = `/tools/${tool.name}`;
  return (
    <Row label={tool.name}>
      <Cell className="w-10 max-md:absolute max-md:top-3 max-md:right-14">
        {tool.kind === "data" && (
          // Native, not the Radix checkbox: only a native input submits with a `form` attribute.
          <input
            type="checkbox"
            name="name"
            value={tool.name}
            form={EXPORT_FORM_ID}
            aria-label={`Select ${tool.name} for export`}
            className="mt-0.5 size-4 cursor-pointer rounded-sm border-input accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          />
        )}
      </Cell>
      <ToolNameCell name={tool.name} description={tool.description} href={href} actionRoom="menu" />
      <Cell label="Kind">
        <span className="flex flex-wrap gap-1">
          {tool.kind === "data" ? <Badge className="font-mono">{tool.method}</Badge> : <Badge tone="accent">code</Badge>}
          {tool.sideEffect ? <StatusBadge status="warning">side effect</StatusBadge> : <StatusBadge status="neutral">read-only</StatusBadge>}
          <HealthBadge health={health} />
        </span>
      </Cell>
      <Cell label="Group">
        {tool.kind === "data" ? (
          <span className="flex flex-wrap gap-1">
            {tool.group && <Badge tone="info">{tool.group}</Badge>}
            {tool.tags.map((tag) => (
              <Badge key={tag}>#{tag}</Badge>
            ))}
            {!tool.group && tool.tags.length === 0 && <span className="text-xs text-muted-foreground">—</span>}
          </span>
        ) : (
          <span className="text-xs text-muted-foreground">built in</span>
        )}
      </Cell>
      <Cell label="Updated" className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
        {tool.kind === "data" ? (
          <span title={`${tool.updatedAt.toISOString()} by ${tool.updatedBy}`}>
            v{tool.version} · {tool.updatedBy}
          </span>
        ) : (
          "read-only"
        )}
      </Cell>
      <Cell actions>
        <RowActions
          label={`Actions for ${tool.name}`}
          items={[
            { kind: "link", label: "Open", href, icon: <ExternalLink aria-hidden /> },
            { kind: "link", label: "Test", href: `${href}?tab=test`, icon: <FlaskConical aria-hidden /> },
            { kind: "link", label: "View JSON", href: `${href}?tab=json`, icon: <Braces aria-hidden /> },
            ...(tool.kind === "data" && canEdit
              ? [
                  { kind: "link", label: "Edit", href: `${href}/edit`, icon: <Pencil aria-hidden /> } as const,
                  { kind: "link", label: "Clone", href: `/tools/new-tool?from=${tool.name}`, icon: <Copy aria-hidden /> } as const,
                ]
              : []),
            ...(tool.kind === "data"
              ? [{ kind: "link", label: "Export", href: `/tools/export.json?name=${tool.name}`, icon: <Download aria-hidden />, download: true } as const]
              : []),
          ]}
        />
      </Cell>
    </Row>
  );
}
