import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";

interface ChoiceProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** One option per persona, named as everywhere: "Name (slug)". */
export function PersonaOptions({ personas }: { personas: readonly { slug: string; name: string }[] }) {
  return personas.map((persona) => (
    <option key={persona.slug} value={persona.slug}>
      {persona.name} ({persona.slug})
    </option>
  ));
}

/** The parent picker: "" is no parent (a root persona). */
export function ParentField({ id, value, onChange, personas, error }: ChoiceProps & { personas: readonly { slug: string; name: string }[]; error?: string }) {
  return (
    <Field id={id} label="Parent" error={error}>
      <Select id={id} error={error} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">None (a root persona)</option>
        <PersonaOptions personas={personas} />
      </Select>
    </Field>
  );
}

/** The tool-group filter: "" is every group. */
export function GroupSelect({ id, value, onChange, groups, className }: ChoiceProps & { groups: readonly string[]; className?: string }) {
  return (
    <Select id={id} aria-label="Group" className={className} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">All groups</option>
      {groups.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </Select>
  );
}
