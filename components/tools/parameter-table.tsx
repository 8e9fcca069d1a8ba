import { Table } from "@/components/ui/table";
import type { ObjectSchema } from "@/lib/tools/types";

/** The top-level parameters of a tool: name, type, required, description. */
export function ParameterTable({ schema }: { schema: ObjectSchema }) {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties);
  if (entries.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">This tool takes no parameters.</p>;
  return (
    <Table caption="Parameters" framed={false} columns={[{ label: "Name" }, { label: "Type" }, { label: "Description" }]}>
        {entries.map(([name, property]) => (
          <tr key={name} className="border-t border-zinc-200 dark:border-zinc-800">
            <td className="py-2 pr-4 font-mono">
              {name}
              {required.has(name) && <span className="ml-1 text-xs text-red-600 dark:text-red-400">required</span>}
            </td>
            <td className="py-2 pr-4 font-mono text-xs">
              {property.type}
              {property.type === "array" && typeof property.items === "object" && property.items !== null && "type" in property.items
                ? `<${String(property.items.type)}>`
                : ""}
            </td>
            <td className="py-2 text-zinc-600 dark:text-zinc-400">{typeof property.description === "string" ? property.description : ""}</td>
          </tr>
        ))}
    </Table>
  );
}
