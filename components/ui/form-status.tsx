/** The aria-live region where a form or control announces its outcome, next to it. */
export function FormStatus({ ok, message }: { ok?: boolean; message?: string }) {
  return (
    <p role="status" aria-live="polite" className={ok ? "text-sm text-success-foreground" : "text-sm text-danger-foreground"}>
      {message ?? ""}
    </p>
  );
}
