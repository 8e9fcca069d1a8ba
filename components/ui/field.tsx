import type { ComponentProps, ReactNode } from "react";
import { cn } from "./cn";

/** The look every text control shares; 16 px text on phones so iOS does not zoom. */
export const controlClasses =
  "block w-full min-w-0 rounded-md border border-input bg-surface px-3 py-1.5 text-base shadow-xs outline-none transition-[color,box-shadow] placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger aria-invalid:ring-danger/25 sm:text-sm";

interface FieldProps {
  readonly id: string;
  readonly label: ReactNode;
  readonly error?: string;
  /** Help under the control; hidden while an error shows. */
  readonly hint?: ReactNode;
  /** A way out of the error, shown after it (e.g. a link to the tool that holds a taken name). */
  readonly errorAction?: ReactNode;
  readonly className?: string;
  readonly children: ReactNode;
}

/** A label, its control, a hint and the control's error, wired for screen readers. */
export function Field({ id, label, error, hint, errorAction, className, children }: FieldProps) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-danger-foreground">
          {error}
          {errorAction && <> {errorAction}</>}
        </p>
      )}
    </div>
  );
}

/** The aria attributes that tie a control to its Field's error (or hint). */
export function describedBy(id: string, error: string | undefined, hasHint = false) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  } as const;
}

type InputProps = ComponentProps<"input"> & { id: string; error?: string; hasHint?: boolean };

/** A text input that marks itself invalid and points at its error message. */
export function Input({ id, error, hasHint, className, ...props }: InputProps) {
  return <input id={id} {...describedBy(id, error, hasHint)} className={cn(controlClasses, "h-11 sm:h-9", className)} {...props} />;
}

type TextareaProps = ComponentProps<"textarea"> & { id: string; error?: string; hasHint?: boolean };

/** A multi-line text input, for prose (JSON gets the code editor). */
export function Textarea({ id, error, hasHint, className, ...props }: TextareaProps) {
  return <textarea id={id} {...describedBy(id, error, hasHint)} className={cn(controlClasses, "min-h-20 py-2", className)} {...props} />;
}
