import { Badge } from "@/components/ui/badge";
import { Cell, Row, Table } from "@/components/ui/table";
import type { ObjectSchema } from "@/lib/tools/client";
import { parameterRows, type ParameterRow } from "./parameter-rows";

/** Past this many levels the indent stops growing (a phone has little width to give); the parent path still says where a field sits. */
const MAX_INDENT_LEVELS = 4;

/** A field's name after its parent's path (`lines[].`), indented one step per level of nesting. */
function FieldName({ row }: { row: ParameterRow }) {
  const indent = Math.min(row.depth, MAX_INDENT_LEVELS);
  return (
    <span className="flex min-w-0 flex-wrap items-center gap-1.5" style={indent > 0 ? { paddingInlineStart: `${indent * 0.75}rem` } : undefined}>
      <span className="min-w-0 font-mono [overflow-wrap:anywhere]">
        {row.parent && <span className="text-muted-foreground">{row.parent}</span>}
        <span className="font-medium">{row.name}</span>
      </span>
      {row.required === null ? <Badge>each item</Badge> : row.required ? <Badge tone="danger">required</Badge> : <Badge>optional</Badge>}
    </span>
  );
}

/**
 * A tool's parameters: name, type, required, description and constraints, each nested object
 * field and array item field on its own row below its parent (see parameter-rows.ts). Each row is
 * named by its path and headed by the field's name, so a screen reader announces which field a
 * cell belongs to.
 */
export function ParameterTable({ schema }: { schema: ObjectSchema }) {
  const rows = parameterRows(schema);
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">This tool takes no parameters.</p>;
  return (
    <Table caption="Parameters" columns={[{ label: "Name" }, { label: "Type" }, { label: "Description" }]}>
      {rows.map((row) => (
        <Row key={row.path} label={row.path}>
          <th scope="row" className="px-4 py-2.5 text-left align-top font-normal max-md:block max-md:min-w-0 max-md:p-0">
            <FieldName row={row} />
          </th>
          <Cell label="Type" className="font-mono text-xs [overflow-wrap:anywhere]">
            {row.type}
          </Cell>
          <Cell label="Description" className="text-muted-foreground">
            <span className="grid gap-1">
              {row.description !== null && <span className="[overflow-wrap:anywhere]">{row.description}</span>}
              {row.constraints.map((constraint) => (
                <code key={constraint} className="font-mono text-xs [overflow-wrap:anywhere]">
                  {constraint}
                </code>
              ))}
            </span>
          </Cell>
        </Row>
      ))}
    </Table>
  );
}
