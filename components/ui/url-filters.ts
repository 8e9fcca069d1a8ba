/** The filters a list page reads from its URL: parameter name → value (absent when not set). */
export type FilterValues = Readonly<Record<string, string | undefined>>;

/**
 * The list's address with `changes` applied to `current` (undefined or "" removes a parameter).
 * Any change of filters returns to the first page, so a narrower list never opens on an empty page.
 */
export function hrefWith(basePath: string, current: FilterValues, changes: FilterValues): string {
  const next = { ...current, ...changes };
  if (!("page" in changes)) delete next.page;
  const query = new URLSearchParams(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return text ? `${basePath}?${text}` : basePath;
}

export interface FilterChip {
  readonly param: string;
  /** "Group: orders". */
  readonly label: string;
  /** The address without this filter. */
  readonly removeHref: string;
}

/**
 * One removable chip per active filter, in the order the filters are declared; `shown` puts a
 * value in words (an audit action's label rather than its code).
 */
export function filterChips(
  basePath: string,
  current: FilterValues,
  labels: Readonly<Record<string, string>>,
  shown: (param: string, value: string) => string = (_param, value) => value,
): FilterChip[] {
  return Object.entries(labels).flatMap(([param, label]) => {
    const value = current[param];
    return value ? [{ param, label: `${label}: ${shown(param, value)}`, removeHref: hrefWith(basePath, current, { [param]: undefined }) }] : [];
  });
}
