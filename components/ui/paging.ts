/** Where one page sits in a list: the 1-based range it shows and its neighbours. */
export interface PageWindow {
  readonly page: number;
  readonly pageCount: number;
  readonly total: number;
  /** 1-based index of the first item shown (0 when the list is empty). */
  readonly from: number;
  readonly to: number;
  readonly offset: number;
  readonly previousPage: number | null;
  readonly nextPage: number | null;
}

/**
 * The window for `requestedPage` (from the URL, so anything) over `total` items; a page past the
 * end shows the last page, and a missing or malformed one the first.
 */
export function pageWindow(total: number, requestedPage: string | number | undefined, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const asked = typeof requestedPage === "number" ? requestedPage : /^\d+$/.test(requestedPage ?? "") ? Number(requestedPage) : 1;
  const page = Math.min(Math.max(1, asked), pageCount);
  const offset = (page - 1) * pageSize;
  return {
    page,
    pageCount,
    total,
    from: total === 0 ? 0 : offset + 1,
    to: Math.min(total, offset + pageSize),
    offset,
    previousPage: page > 1 ? page - 1 : null,
    nextPage: page < pageCount ? page + 1 : null,
  };
}

/**
 * Loads the page `requestedPage` asks for through `load(offset, limit)`, which also counts the
 * whole list. A page past the end (an old link, a list that shrank) loads and shows the last page
 * rather than nothing; that costs a second load only then.
 */
export async function loadPage<Loaded extends { readonly total: number }>(
  requestedPage: string | undefined,
  pageSize: number,
  load: (offset: number, limit: number) => Promise<Loaded>,
): Promise<{ readonly loaded: Loaded; readonly window: PageWindow }> {
  const requested = pageWindow(Number.MAX_SAFE_INTEGER, requestedPage, pageSize);
  const firstTry = await load(requested.offset, pageSize);
  const clamped = pageWindow(firstTry.total, requestedPage, pageSize);
  if (clamped.offset === requested.offset) return { loaded: firstTry, window: clamped };
  const loaded = await load(clamped.offset, pageSize);
  return { loaded, window: pageWindow(loaded.total, clamped.page, pageSize) };
}
