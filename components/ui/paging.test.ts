/** Where a page sits in a list; the requested page comes from the URL, so it can be anything. */
import { describe, expect, it } from "vitest";
import { loadPage, pageWindow } from "./paging";

describe("pageWindow", () => {
  it.each([
    { rule: "an empty list shows one empty page", total: 0, page: undefined, expected: { page: 1, pageCount: 1, from: 0, to: 0, offset: 0, previousPage: null, nextPage: null } },
    { rule: "an empty list ignores the requested page", total: 0, page: "4", expected: { page: 1, pageCount: 1, from: 0, to: 0, offset: 0, previousPage: null, nextPage: null } },
    { rule: "a list shorter than a page", total: 7, page: undefined, expected: { page: 1, pageCount: 1, from: 1, to: 7, offset: 0, previousPage: null, nextPage: null } },
    { rule: "exactly one page", total: 50, page: "1", expected: { page: 1, pageCount: 1, from: 1, to: 50, offset: 0, previousPage: null, nextPage: null } },
    { rule: "one more than a page opens a second", total: 51, page: "2", expected: { page: 2, pageCount: 2, from: 51, to: 51, offset: 50, previousPage: 1, nextPage: null } },
    { rule: "an exact multiple ends on a full page", total: 100, page: "2", expected: { page: 2, pageCount: 2, from: 51, to: 100, offset: 50, previousPage: 1, nextPage: null } },
    { rule: "the first of several pages", total: 230, page: "1", expected: { page: 1, pageCount: 5, from: 1, to: 50, offset: 0, previousPage: null, nextPage: 2 } },
    { rule: "a middle page has both neighbours", total: 230, page: "2", expected: { page: 2, pageCount: 5, from: 51, to: 100, offset: 50, previousPage: 1, nextPage: 3 } },
    { rule: "the last page is partial", total: 230, page: "5", expected: { page: 5, pageCount: 5, from: 201, to: 230, offset: 200, previousPage: 4, nextPage: null } },
    { rule: "a page past the end shows the last", total: 230, page: "9", expected: { page: 5, pageCount: 5, from: 201, to: 230, offset: 200, previousPage: 4, nextPage: null } },
    { rule: "an enormous page shows the last", total: 230, page: "99999999999999999999", expected: { page: 5, pageCount: 5, from: 201, to: 230, offset: 200, previousPage: 4, nextPage: null } },
    { rule: "leading zeros are read as the number", total: 230, page: "03", expected: { page: 3, pageCount: 5, from: 101, to: 150, offset: 100, previousPage: 2, nextPage: 4 } },
    { rule: "a page given as a number", total: 230, page: 4, expected: { page: 4, pageCount: 5, from: 151, to: 200, offset: 150, previousPage: 3, nextPage: 5 } },
  ])("$rule (total $total, page $page)", ({ total, page, expected }) => {
    expect(pageWindow(total, page, 50)).toEqual({ ...expected, total });
  });

  it.each([undefined, "", "0", "-2", "abc", "2.5", "1e2", " 2", "2 ", "0x2", "Infinity", 0, -3])("reads %j as the first page", (page) => {
    expect(pageWindow(230, page, 50)).toMatchObject({ page: 1, from: 1, to: 50, offset: 0, previousPage: null, nextPage: 2 });
  });

  it("counts pages by the page size given", () => {
    expect(pageWindow(10, "2", 3)).toEqual({ page: 2, pageCount: 4, total: 10, from: 4, to: 6, offset: 3, previousPage: 1, nextPage: 3 });
    expect(pageWindow(10, "4", 3)).toMatchObject({ from: 10, to: 10, nextPage: null });
  });
});

describe("loadPage", () => {
  /** A list of `total` items that records every load. */
  const list = (total: number) => {
    const loads: Array<{ offset: number; limit: number }> = [];
    const load = async (offset: number, limit: number) => {
      loads.push({ offset, limit });
      return { total, items: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, index) => offset + index) };
    };
    return { loads, load };
  };

  it("loads the page asked for once when it exists", async () => {
    const { loads, load } = list(230);
    const { loaded, window } = await loadPage("3", 50, load);
    expect(loads).toEqual([{ offset: 100, limit: 50 }]);
    expect(loaded.items[0]).toBe(100);
    expect(window).toMatchObject({ page: 3, from: 101, to: 150 });
  });

  it("loads and shows the last page for a page past the end", async () => {
    const { loads, load } = list(230);
    const { loaded, window } = await loadPage("9", 50, load);
    expect(loads).toEqual([{ offset: 400, limit: 50 }, { offset: 200, limit: 50 }]);
    expect(loaded.items).toHaveLength(30);
    expect(window).toMatchObject({ page: 5, from: 201, to: 230, nextPage: null });
  });

  it("shows one empty first page for an empty list, whatever page was asked for", async () => {
    const { loads, load } = list(0);
    const { loaded, window } = await loadPage("4", 50, load);
    expect(loads).toEqual([{ offset: 150, limit: 50 }, { offset: 0, limit: 50 }]);
    expect(loaded.items).toEqual([]);
    expect(window).toMatchObject({ page: 1, pageCount: 1, from: 0, to: 0 });
  });
});
