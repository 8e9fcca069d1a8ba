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
