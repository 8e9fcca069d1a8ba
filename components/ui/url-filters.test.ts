/** List filters kept in the URL: the address after a change, and the removable chips. */
import { describe, expect, it } from "vitest";
import { filterChips, hrefWith } from "./url-filters";

describe("hrefWith", () => {
  it.each([
    { rule: "changing a filter drops the page", current: { q: "order", page: "3" }, changes: { group: "billing" }, expected: "/tools?q=order&group=billing" },
    { rule: "replacing a filter drops the page", current: { group: "orders", page: "3" }, changes: { group: "billing" }, expected: "/tools?group=billing" },
    { rule: "setting the page keeps the filters", current: { q: "order", group: "billing" }, changes: { page: "2" }, expected: "/tools?q=order&group=billing&page=2" },
    { rule: "moving pages keeps the filters", current: { q: "order", page: "3" }, changes: { page: "4" }, expected: "/tools?q=order&page=4" },
    { rule: "an undefined value removes the parameter", current: { q: "order", group: "billing" }, changes: { q: undefined }, expected: "/tools?group=billing" },
    { rule: "an empty value removes the parameter", current: { q: "order", group: "billing" }, changes: { group: "" }, expected: "/tools?q=order" },
    { rule: "a page of undefined removes the page", current: { q: "order", page: "3" }, changes: { page: undefined }, expected: "/tools?q=order" },
    { rule: "removing the last parameter leaves the bare path", current: { q: "order", page: "2" }, changes: { q: undefined }, expected: "/tools" },
    { rule: "empty current values are not written", current: { q: "", group: undefined }, changes: { page: "2" }, expected: "/tools?page=2" },
    { rule: "nothing at all is the bare path", current: {}, changes: {}, expected: "/tools" },
  ])("$rule", ({ current, changes, expected }) => {
    expect(hrefWith("/tools", current, changes)).toBe(expected);
  });

  it("encodes special characters so they come back unchanged", () => {
    const q = "a&b=c d/é?#%+";
    const href = hrefWith("/audit", { actor: "ops+1@example.com" }, { q });
    expect(href).toBe("/audit?actor=ops%2B1%40example.com&q=a%26b%3Dc+d%2F%C3%A9%3F%23%25%2B");
    const parsed = new URL(href, "http://quiver.test");
    expect(parsed.pathname).toBe("/audit");
    expect(Object.fromEntries(parsed.searchParams)).toEqual({ actor: "ops+1@example.com", q });
  });

  it("leaves the current values alone", () => {
    const current = { q: "order", page: "3" };
    hrefWith("/tools", current, { group: "billing" });
    expect(current).toEqual({ q: "order", page: "3" });
  });
});

describe("filterChips", () => {
  const labels = { q: "Search", actor: "Actor", group: "Group" };

  it("gives one chip per active filter, in the order the filters are declared", () => {
    const chips = filterChips("/audit", { group: "billing", page: "2", q: "refund", actor: "" }, labels);
    expect(chips.map((chip) => [chip.param, chip.label])).toEqual([
      ["q", "Search: refund"],
      ["group", "Group: billing"],
    ]);
  });

  it("removes only that filter, and the page, in each chip's address", () => {
    const chips = filterChips("/audit", { q: "refund", actor: "ops@example.com", group: "billing", page: "2" }, labels);
    expect(Object.fromEntries(chips.map((chip) => [chip.param, chip.removeHref]))).toEqual({
      q: "/audit?actor=ops%40example.com&group=billing",
      actor: "/audit?q=refund&group=billing",
      group: "/audit?q=refund&actor=ops%40example.com",
    });
  });

  it("removing the only filter leads to the bare list", () => {
    expect(filterChips("/audit", { group: "billing", page: "4" }, labels)).toEqual([{ param: "group", label: "Group: billing", removeHref: "/audit" }]);
  });

  it("has no chips without active filters, and none for parameters that are not filters", () => {
    expect(filterChips("/audit", {}, labels)).toEqual([]);
    expect(filterChips("/audit", { page: "2", sort: "name", q: undefined }, labels)).toEqual([]);
  });
});
