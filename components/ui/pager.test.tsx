/** The pager under a table: where the page sits, and Previous/Next links that keep the filters. */
import { render, screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it, vi } from "vitest";
import { Pager } from "./pager";
import { pageWindow } from "./paging";
import { hrefWith } from "./url-filters";

// The framework's link, as the plain anchor it renders.
vi.mock("next/link", () => ({
  default: ({ href, prefetch: _prefetch, ...props }: ComponentProps<"a"> & { href: string; prefetch?: boolean }) => <a href={href} {...props} />,
}));

function renderPager(total: number, page: string | undefined) {
  const values = { q: "order", group: "billing", page };
  return render(<Pager window={pageWindow(total, page, 50)} noun={{ one: "tool", other: "tools" }} hrefFor={(next) => hrefWith("/tools", values, { page: String(next) })} />);
}

const pages = () => screen.getByRole("navigation", { name: "Pages of tools" });

describe("Pager", () => {
  it("says which tools are in view and links both neighbours, keeping the filters", () => {
    renderPager(230, "2");
    expect(within(pages()).getByText("Viewing 51–100 of 230 tools")).toBeTruthy();
    const previous = within(pages()).getByRole("link", { name: "Previous" });
    const next = within(pages()).getByRole("link", { name: "Next" });
    expect(previous.getAttribute("href")).toBe("/tools?q=order&group=billing&page=1");
    expect(previous.getAttribute("rel")).toBe("prev");
    expect(next.getAttribute("href")).toBe("/tools?q=order&group=billing&page=3");
    expect(next.getAttribute("rel")).toBe("next");
  });

  it("on the first page, Previous shows but is not a link", () => {
    renderPager(230, undefined);
    expect(within(pages()).getByText("Viewing 1–50 of 230 tools")).toBeTruthy();
    expect(within(pages()).queryByRole("link", { name: "Previous" })).toBeNull();
    expect(within(pages()).getByText("Previous").getAttribute("aria-disabled")).toBe("true");
    expect(within(pages()).getByRole("link", { name: "Next" }).getAttribute("href")).toBe("/tools?q=order&group=billing&page=2");
  });

  it("on the last page, Next is not a link, and a page past the end shows the last", () => {
    renderPager(230, "12");
    expect(within(pages()).getByText("Viewing 201–230 of 230 tools")).toBeTruthy();
    expect(within(pages()).queryByRole("link", { name: "Next" })).toBeNull();
    expect(within(pages()).getByText("Next").getAttribute("aria-disabled")).toBe("true");
    expect(within(pages()).getByRole("link", { name: "Previous" }).getAttribute("href")).toBe("/tools?q=order&group=billing&page=4");
  });

  it("a single page has no links to follow", () => {
    renderPager(7, undefined);
    expect(within(pages()).getByText("Viewing 1–7 of 7 tools")).toBeTruthy();
    expect(within(pages()).queryAllByRole("link")).toEqual([]);
  });

  it("a list of one names it in the singular", () => {
    renderPager(1, undefined);
    expect(within(pages()).getByText("Viewing 1–1 of 1 tool")).toBeTruthy();
  });

  it("an empty list shows no pager", () => {
    const { container } = renderPager(0, undefined);
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(container.childElementCount).toBe(0);
  });
});
