/**
 * The combobox as an operator uses it: open, type to narrow, arrows and Enter to choose; with
 * `multiple`, choices toggle and show as removable chips. `filterOptions` is the narrowing rule.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { Combobox, filterOptions, type ComboboxOption } from "./combobox";

const options: ComboboxOption[] = [
  { value: "lookup_order", label: "Look up order", group: "Orders" },
  { value: "refund_order", label: "Refund order", group: "Orders" },
  { value: "find_customer", label: "Find customer", group: "Customers" },
];

describe("filterOptions", () => {
  it.each([
    { query: "", expected: ["lookup_order", "refund_order", "find_customer"], rule: "an empty query keeps everything" },
    { query: "   ", expected: ["lookup_order", "refund_order", "find_customer"], rule: "whitespace is no word" },
    { query: "order", expected: ["lookup_order", "refund_order"], rule: "a word in the label" },
    { query: "ORDER", expected: ["lookup_order", "refund_order"], rule: "case is ignored" },
    { query: "lookup_", expected: ["lookup_order"], rule: "a word in the value only" },
    { query: "find_customer", expected: ["find_customer"], rule: "the whole value" },
    { query: "order refund", expected: ["refund_order"], rule: "every word must match, in any order" },
    { query: "  look   order ", expected: ["lookup_order"], rule: "extra spaces between words are ignored" },
    { query: "refund lookup_", expected: [], rule: "words matched by different options do not combine" },
    { query: "invoice", expected: [], rule: "nothing matches" },
    { query: "up ord", expected: ["lookup_order"], rule: "words match inside other words" },
  ])("$rule: “$query”", ({ query, expected }) => {
    expect(filterOptions(options, query).map((option) => option.value)).toEqual(expected);
  });

  it("keeps the options' order and leaves the input untouched", () => {
    const input = [...options];
    expect(filterOptions(input, "o")).toEqual(options);
    expect(input).toEqual(options);
  });
});

/** A form field holding the combobox's value, as a page would. */
function ToolsField({ multiple = false, initial = [], onChange }: { multiple?: boolean; initial?: string[]; onChange: (value: string[]) => void }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <label htmlFor="tools">Tools</label>
      <Combobox
        id="tools"
        options={options}
        value={value}
        multiple={multiple}
        placeholder="Choose tools"
        searchPlaceholder="Search tools"
        emptyText="No tool matches."
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    </>
  );
}

const trigger = () => screen.getByRole("combobox", { name: "Tools" });
const optionNames = () => screen.queryAllByRole("option").map((option) => option.textContent);

async function open() {
  const user = userEvent.setup();
  await user.click(trigger());
  return user;
}

describe("Combobox", () => {
  it("opens a list of every option under its group's heading, and focuses the search", async () => {
    render(<ToolsField onChange={vi.fn()} />);
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(trigger().textContent).toBe("Choose tools");

    await open();

    expect(trigger().getAttribute("aria-expanded")).toBe("true");
    expect(document.activeElement).toBe(screen.getByPlaceholderText("Search tools"));
    const orders = screen.getByRole("group", { name: "Orders" });
    expect(within(orders).getAllByRole("option").map((option) => option.textContent)).toEqual(["Look up order", "Refund order"]);
    const customers = screen.getByRole("group", { name: "Customers" });
    expect(within(customers).getAllByRole("option").map((option) => option.textContent)).toEqual(["Find customer"]);
  });

  it("narrows the list as the operator types, and says so when nothing matches", async () => {
    render(<ToolsField onChange={vi.fn()} />);
    const user = await open();

    await user.keyboard("refund");
    expect(optionNames()).toEqual(["Refund order"]);
    expect(screen.queryByRole("group", { name: "Customers" })).toBeNull();
    expect(screen.queryByText("No tool matches.")).toBeNull();

    await user.keyboard(" invoice");
    expect(optionNames()).toEqual([]);
    expect(screen.getByText("No tool matches.")).toBeTruthy();

    await user.clear(screen.getByPlaceholderText("Search tools"));
    expect(optionNames()).toHaveLength(3);
    expect(screen.queryByText("No tool matches.")).toBeNull();
  });

  it("chooses the highlighted option with ArrowDown and Enter, then closes showing its label", async () => {
    const onChange = vi.fn();
    render(<ToolsField onChange={onChange} />);
    const user = await open();

    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("option", { selected: true }).textContent).toBe("Refund order");
    await user.keyboard("{Enter}");

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(["refund_order"]);
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(trigger().getAttribute("aria-expanded")).toBe("false");
    expect(trigger().textContent).toBe("Refund order");
    expect(document.activeElement).toBe(trigger());
  });

  it("chooses among the narrowed options, and starts the next search afresh", async () => {
    const onChange = vi.fn();
    render(<ToolsField onChange={onChange} />);
    const user = await open();

    await user.keyboard("customer{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(["find_customer"]);

    await user.click(trigger());
    expect(screen.getByPlaceholderText<HTMLInputElement>("Search tools").value).toBe("");
    expect(optionNames()).toHaveLength(3);
  });

  it("with `multiple`, toggles choices while staying open and shows them as removable chips", async () => {
    const onChange = vi.fn();
    render(<ToolsField multiple onChange={onChange} />);
    const user = await open();

    await user.keyboard("{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(["lookup_order"]);
    await user.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(["lookup_order", "find_customer"]);
    expect(screen.getByRole("listbox")).toBeTruthy();
    expect(trigger().textContent).toBe("2 selected");
    expect(screen.getByRole("option", { name: /Look up order/ }).textContent).toContain("(chosen)");

    // Choosing a chosen option again drops it.
    await user.keyboard("{ArrowUp}{ArrowUp}{Enter}");
    expect(onChange).toHaveBeenLastCalledWith(["find_customer"]);
    expect(trigger().textContent).toBe("1 selected");

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("listbox")).toBeNull();
    const chips = screen.getByRole("list", { name: "Chosen" });
    expect(within(chips).getAllByRole("listitem")).toHaveLength(1);
    expect(within(chips).getByRole("button", { name: "Remove Find customer" })).toBeTruthy();
  });

  it("removes a chosen value with its chip's Remove button, leaving the others", async () => {
    const onChange = vi.fn();
    render(<ToolsField multiple initial={["lookup_order", "find_customer", "retired_tool"]} onChange={onChange} />);
    const user = userEvent.setup();
    const chips = screen.getByRole("list", { name: "Chosen" });
    // A value no longer among the options still shows, by its value, so it can be removed.
    expect(within(chips).getAllByRole("button").map((button) => button.textContent)).toEqual([
      "Remove Look up order",
      "Remove Find customer",
      "Remove retired_tool",
    ]);

    await user.click(screen.getByRole("button", { name: "Remove Look up order" }));
    expect(onChange).toHaveBeenLastCalledWith(["find_customer", "retired_tool"]);
    expect(screen.queryByRole("button", { name: "Remove Look up order" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Remove retired_tool" }));
    await user.click(screen.getByRole("button", { name: "Remove Find customer" }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.queryByRole("list", { name: "Chosen" })).toBeNull();
    expect(trigger().textContent).toBe("Choose tools");
  });
});
