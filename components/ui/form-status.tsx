/** The aria-live region where a form announces its outcome. */
export function FormStatus({ ok, message }: { ok?: boolean; message?: string }) {
  return (
    <p role="status" aria-live="polite" className={ok ? "text-sm text-emerald-700 dark:text-emerald-400" : "text-sm text-red-600 dark:text-red-400"}>
      {message ?? ""}
    </p>
  );
}
