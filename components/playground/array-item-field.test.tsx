/**
 * Array items in the playground's arguments form are headed in words, numbered from 1 ("Stop 1"),
 * not with RJSF's raw "stops-1"; adding and removing items renumbers them. Each list's add button
 * reads "Add item" and is named after its list.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { ObjectSchema } from "@/lib/tools/client";
import { arrayItemHeading, singularHeading } from "./array-item-field";
import { ArgumentsForm } from "./arguments-form";

describe("singularHeading", () => {
  it.each([
    ["stops", "Stop"],
    ["line_items", "Line item"],
    ["deliveryStops", "Delivery stop"],
    ["Entries", "Entry"],
    ["addresses", "Address"],
    ["boxes", "Box"],
    ["status", "Status"],
    ["data", "Data"],
    ["", "Item"],
  ])("%j → %j", (arrayTitle, heading) => {
    expect(singularHeading(arrayTitle)).toBe(heading);
  });
});

describe("arrayItemHeading", () => {
  it("numbers from 1 and prefers the item schema's own title", () => {
    expect(arrayItemHeading("stops-1", 0)).toBe("Stop 1");
    expect(arrayItemHeading("Delivery stops-12", 11)).toBe("Delivery stop 12");
    expect(arrayItemHeading("stops-2", 1, "Waypoint")).toBe("Waypoint 2");
    expect(arrayItemHeading(undefined, 2)).toBe("Item 3");
  });
});

const SCHEMA: ObjectSchema = {
  type: "object",
  properties: {
    stops: { type: "array", items: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } },
    tags: { type: "array", items: { type: "string" } },
  },
};

function Harness({ initial }: { initial: unknown }) {
  const [value, setValue] = useState(initial);
  return <ArgumentsForm schema={SCHEMA} value={value} onChange={setValue} formRef={null} idPrefix="args" />;
}

/** Every item heading, RJSF's or ours, without the required mark. */
const legends = () => screen.queryAllByText(/^(Stop|stops|Tag|tags)[ -]\d+\*?$/).map((element) => element.textContent?.replace("*", ""));

describe("ArgumentsForm array items", () => {
  it("heads objects and plain values in words, and renumbers after a removal", async () => {
    render(<Harness initial={{ stops: [{ name: "Harbour" }, { name: "Market" }], tags: ["fast"] }} />);
    expect(legends()).toEqual(["Stop 1", "Stop 2", "Tag 1"]);
    expect(screen.getByRole("textbox", { name: /^Tag 1\b/ })).toBeTruthy();

    const user = userEvent.setup();
    const [firstRemove] = screen.getAllByRole("button", { name: "Remove item" });
    await user.click(firstRemove!);
    expect(legends()).toEqual(["Stop 1", "Tag 1"]);
    expect(within(screen.getByRole("group", { name: /^Stop 1\b/ })).getByRole<HTMLInputElement>("textbox").value).toBe("Market");
  });

  it("labels each list's add button with its list, and adds to that list", async () => {
    render(<Harness initial={{ stops: [], tags: [] }} />);
    const addStop = screen.getByRole("button", { name: "Add item to stops" });
    expect(addStop.textContent?.trim()).toBe("Add item");
    expect(screen.getByRole("button", { name: "Add item to tags" })).toBeTruthy();

    await userEvent.setup().click(addStop);
    expect(legends()).toEqual(["Stop 1"]);
  });
});
