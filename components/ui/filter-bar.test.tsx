/**
 * A list's filter bar, all in the URL: chips for the active filters with links that remove them,
 * "Clear filters" (also on Esc), facet menus of links, and a search form that carries the other
 * filters along but starts again from the first page.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentProps } from "react";
import { describe, expect, it, vi } from "vitest";
import { FilterBar } from "./filter-bar";
import type { FilterValues } from "./url-filters";

const router = vi.hoisted(() => ({ push: vi.fn() }));

// The framework's link as the plain anchor it renders, and its router as a recorder of pushes.
vi.mock("next/link", () => ({
  default: ({ href, prefetch: _prefetch, ...props }: ComponentProps<"a"> & { href: string; prefetch?: boolean }) => <a href={href} {...props} />,
}));
vi.mock("next/navigation", () => ({ useRouter: () => router }));

function renderAuditFilters(values: FilterValues) {
  router.push.mockClear();
  return render(
    <>
      <FilterBar
        basePath="/audit"
        values={values}
        search={{ param: "target", label: "Target name", placeholder: "Target name" }}
        textFilters={[{ param: "actor", label: "Actor e-mail", placeholder: "Actor e-mail" }]}
        facets={[
          { param: "type", label: "Target type", options: ["tool", "persona"] },
          { param: "action", label: "Action", options: ["create", "delete"] },
        ]}
      />
      <p>Audit events</p>
    </>,
  );
}

const activeFilters = () => screen.getByRole("group", { name: "Active filters" });
const hrefOf = (link: HTMLElement) => link.getAttribute("href");

describe("FilterBar", () => {
  it("shows a chip per active filter, in the declared order, each linking to the list without it", () => {
    renderAuditFilters({ action: "delete", target: "lookup", type: "tool", page: "3", actor: undefined });

    const chips = within(activeFilters()).getAllByRole("link", { name: /remove filter/ });
    expect(chips.map((chip) => [chip.textContent, hrefOf(chip)])).toEqual([
      ["Target name: lookup(remove filter)", "/audit?action=delete&type=tool"],
      ["Target type: tool(remove filter)", "/audit?action=delete&target=lookup"],
      ["Action: delete(remove filter)", "/audit?target=lookup&type=tool"],
    ]);
    expect(hrefOf(within(activeFilters()).getByRole("link", { name: "Clear filters" }))).toBe("/audit");
  });

  it("without active filters shows no chips and no Clear filters", () => {
    renderAuditFilters({ page: "2" });
    expect(screen.queryByRole("group", { name: "Active filters" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Clear filters" })).toBeNull();
  });

  it("searches with the text inputs, keeping the other filters as hidden fields but not the page", () => {
    renderAuditFilters({ target: "lookup", actor: "ops@example.com", type: "tool", action: "delete", page: "3" });

    const form = screen.getByRole<HTMLFormElement>("search", { name: "Filter target name" });
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/audit");
    expect(within(form).getByRole<HTMLInputElement>("searchbox", { name: "Target name" }).value).toBe("lookup");
    expect(within(form).getByRole<HTMLInputElement>("searchbox", { name: "Actor e-mail" }).value).toBe("ops@example.com");
    // What the form submits: the text inputs, then the other filters; never the page.
    expect([...new FormData(form)]).toEqual([
      ["target", "lookup"],
      ["actor", "ops@example.com"],
      ["type", "tool"],
      ["action", "delete"],
    ]);
  });

  it("submits what the operator types in place of the old search", async () => {
    renderAuditFilters({ target: "lookup", type: "tool" });
    const user = userEvent.setup();
    const form = screen.getByRole<HTMLFormElement>("search", { name: "Filter target name" });
    const search = within(form).getByRole("searchbox", { name: "Target name" });

    await user.clear(search);
    await user.type(search, "refund");
    expect([...new FormData(form)]).toEqual([
      ["target", "refund"],
      ["actor", ""],
      ["type", "tool"],
    ]);
  });

  it("lists each facet's options as links that set it and return to the first page", async () => {
    renderAuditFilters({ target: "lookup", type: "tool", page: "3" });
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Target type: tool" }));
    const menu = screen.getByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => [item.textContent, hrefOf(item)])).toEqual([
      ["Any target type", "/audit?target=lookup"],
      ["tool", "/audit?target=lookup&type=tool"],
      ["persona", "/audit?target=lookup&type=persona"],
    ]);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Action" }));
    expect(hrefOf(screen.getByRole("menuitem", { name: "delete" }))).toBe("/audit?target=lookup&type=tool&action=delete");
  });

  it("groups labelled options under headings, reachable with the arrow keys, and names the chosen one in words", async () => {
    render(
      <FilterBar
        basePath="/audit"
        values={{ action: "auth.sign_in" }}
        search={{ param: "target", label: "Target name", placeholder: "Target name" }}
        facets={[
          {
            param: "action",
            label: "Action",
            options: [
              { value: "tool.create", label: "Tool created", group: "Tools" },
              { value: "tool.delete", label: "Tool deleted", group: "Tools" },
              { value: "auth.sign_in", label: "Signed in", group: "Sign-in" },
            ],
          },
        ]}
      />,
    );
    const user = userEvent.setup();
    expect(within(activeFilters()).getByRole("link", { name: /remove filter/ }).textContent).toBe("Action: Signed in(remove filter)");

    const trigger = screen.getByRole("button", { name: "Action: Signed in" });
    trigger.focus();
    await user.keyboard("{Enter}");
    const menu = screen.getByRole("menu");
    const linksUnder = (heading: string) => within(within(menu).getByRole("group", { name: heading })).getAllByRole("menuitem").map(hrefOf);
    expect(within(menu).getAllByRole("group")).toHaveLength(2);
    expect(linksUnder("Tools")).toEqual(["/audit?action=tool.create", "/audit?action=tool.delete"]);
    expect(linksUnder("Sign-in")).toEqual(["/audit?action=auth.sign_in"]);
    // From "Any action", down through the first group into the next.
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    expect(document.activeElement).toBe(within(menu).getByRole("menuitem", { name: "Signed in" }));
  });

  it("clears the filters on Esc, but not while typing or while a menu is open", async () => {
    renderAuditFilters({ target: "lookup", type: "tool" });
    const user = userEvent.setup();

    await user.click(screen.getByRole("searchbox", { name: "Target name" }));
    await user.keyboard("{Escape}");
    expect(router.push).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Target type: tool" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(router.push).not.toHaveBeenCalled();

    await user.click(screen.getByText("Audit events"));
    await user.keyboard("{Escape}");
    expect(router.push).toHaveBeenCalledExactlyOnceWith("/audit");
  });
});
