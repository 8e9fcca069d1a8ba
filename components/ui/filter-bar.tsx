import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "./button";
import { Field, Select, TextInput } from "./field";

/**
 * A list's filters as a plain GET form (bookmarkable, works without JavaScript), with Filter and,
 * while filtering, Clear.
 */
export function FilterBar({ clearHref, filtering, children }: { clearHref: string; filtering: boolean; children: ReactNode }) {
  return (
    <form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
      {children}
      <button type="submit" className={buttonClasses("secondary")}>Filter</button>
      {filtering && <Link href={clearHref} className={buttonClasses("ghost")}>Clear</Link>}
    </form>
  );
}

interface FilterFieldProps {
  readonly id: string;
  readonly label: string;
  /** The query parameter. */
  readonly name: string;
  readonly value: string | undefined;
  readonly width: string;
}

/** A free-text filter. */
export function FilterText({ id, label, name, value, width, placeholder }: FilterFieldProps & { placeholder?: string }) {
  return (
    <div className={width}>
      <Field id={id} label={label}>
        <TextInput id={id} name={name} defaultValue={value} placeholder={placeholder} />
      </Field>
    </div>
  );
}

/** A filter choosing one of `options`, or none (`anyLabel`). */
export function FilterSelect({ id, label, name, value, width, options, anyLabel }: FilterFieldProps & { options: readonly string[]; anyLabel: string }) {
  return (
    <div className={width}>
      <Field id={id} label={label}>
        <Select id={id} name={name} defaultValue={value ?? ""}>
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option} value={option}>{option}</option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
