import type { SelectHTMLAttributes } from "react";
import { cn } from "./cn";
import { controlClasses, describedBy } from "./field";

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { id: string; error?: string };

/**
 * A native select styled like the inputs. Native on purpose: phones get their own picker, forms
 * submit it without JavaScript, and every screen reader knows it. Rich choices use the Combobox.
 */
export function Select({ id, error, className, ...props }: SelectProps) {
  return (
    <select
      id={id}
      {...describedBy(id, error)}
      className={cn(controlClasses, "h-11 appearance-auto pr-8 sm:h-9", className)}
      {...props}
    />
  );
}
