import { describeChange, type FieldChange } from "@/lib/audit/describe-change";
import type { JsonValue } from "@/lib/tools/client";

/**
 * An entry's before/after, field by field. A creation or a sign-in (nothing before) reads as the
 * values recorded, a deletion as the values it had; a change shows both sides.
 */
export function AuditChange({ before, after }: { before: JsonValue; after: JsonValue }) {
  const changes = describeChange(before, after);
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">No field changed.</p>;
  if (before === null || after === null) {
    const side = before === null ? "after" : "before";
    return (
      <FieldTable caption={before === null ? "Recorded values" : "Values before the deletion"} headings={["Value"]}>
        {changes.map((change) => (
          <FieldRow key={change.path} change={change} cells={[change[side]]} />
        ))}
      </FieldTable>
    );
  }
  return (
    <FieldTable caption="Fields before and after" headings={["Before", "After"]}>
      {changes.map((change) => (
        <FieldRow key={change.path} change={change} cells={[change.before, change.after]} tones />
      ))}
    </FieldTable>
  );
}

function FieldTable({ caption, headings, children }: { caption: string; headings: readonly string[]; children: React.ReactNode }) {
  return (
    <table className="w-full table-fixed text-left text-xs">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="w-1/3 py-1 pr-2 font-medium sm:w-1/4">
            Field
          </th>
          {headings.map((heading) => (
            <th key={heading} scope="col" className="py-1 pr-2 font-medium">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="font-mono">{children}</tbody>
    </table>
  );
}

const TONES = ["text-danger-foreground", "text-success-foreground"];

function FieldRow({ change, cells, tones = false }: { change: FieldChange; cells: readonly (string | undefined)[]; tones?: boolean }) {
  return (
    <tr className="border-t align-top">
      <th scope="row" className="py-1 pr-2 font-normal break-all">
        {change.path}
      </th>
      {cells.map((cell, index) => (
        <td key={index} className={`py-1 pr-2 break-all ${tones ? TONES[index] : ""}`}>
          {cell ?? "—"}
        </td>
      ))}
    </tr>
  );
}
