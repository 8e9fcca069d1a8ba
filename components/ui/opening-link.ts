/**
 * Links that open a dialog on arrival (`/credentials?open=new-credential`), read by
 * `useOpenedByLink`. A plain module, not a client one, so server pages can build such links too.
 */

/** The query parameter naming the dialog a link opens. */
export const OPEN_PARAMETER = "open";

/** The address of `path` with dialog `name` opened on arrival. */
export function openingLink(path: string, name: string): string {
  return `${path}?${new URLSearchParams({ [OPEN_PARAMETER]: name })}`;
}
