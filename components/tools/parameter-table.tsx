import { Badge } from "@/components/ui/badge";
import { Cell, Row, Table } from "@/components/ui/table";
import type { JsonSchema, ObjectSchema } from "@/lib/tools";

/** "array<string>", "object", "string" — the type as an operator reads it. */
function typeLabel(schema: JsonSchema): string {
  const items = schema.items as JsonSchema | undefined;
  return schema.type === "array" && items ? `array<${typeLabel(items)}>` : schema.type;
}

/** The keywords beyond type and description, compactly: enum, default, bounds, pattern… */
function constraintsOf(schema: JsonSchema): string[] {
  return Object.entries(schema)
    .filter(([keyword]) => !["type", "description", "items", "properties", "required"].includes(keyword))
    .map(([keyword, value]) => `${keyword}: ${JSON.stringify(value)}`);
}

/** The top-level parameters of a tool: name, type, required, description and constraints. */
export function ParameterTable({ schema }: { schema: ObjectSchema }) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">This tool takes no parameters.</p>;
  return (
    <Table caption="Parameters" columns={[{ label: "Name" }, { label: "Type" }, { label: "Description" }]}>
      {entries.map(([name, property]) => (
        <Row key={name} label={name}>
          <Cell>
            <span className="flex flex-wrap items-center gap-1.5">
              <span className="font-mono font-medium">{name}</span>
              {required.has(name) ? <Badge tone="danger">required</Badge> : <Badge>optional</Badge>}
            </span>
          </Cell>
          <Cell label="Type" className="font-mono text-xs">
            {typeLabel(property)}
          </Cell>
          <Cell label="Description" className="text-muted-foreground">
            <span className="grid gap-1">
              {typeof property.description === "string" && <span>{property.description}</span>}
              {constraintsOf(property).map((constraint) => (
                <code key={constraint} className="font-mono text-xs break-all">
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
