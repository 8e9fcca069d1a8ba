import { describe, expect, it } from "vitest";
import { addField, moveField, moveFieldTo, removeField, updateField } from "./field-tree";
import { newField, type ParameterField, type ParameterType } from "./parameter-field";

function field(type: ParameterType, name: string, overrides: Partial<ParameterField> = {}): ParameterField {
  return { ...newField(type, name), ...overrides };
}

/** city, lines (an array of objects: sku, qty), grid (an array of arrays of objects: x). */
function tree(): ParameterField[] {
  return [
    field("string", "city"),
    field("array", "lines", { items: field("object", "", { properties: [field("string", "sku"), field("integer", "qty")] }) }),
    field("array", "grid", { items: field("array", "", { items: field("object", "", { properties: [field("number", "x")] }) }) }),
  ];
}

const names = (fields: readonly ParameterField[]) => fields.map((one) => one.name);

describe("field paths: indices through properties, an array standing for its item", () => {
  it("addresses top-level fields, an array of objects' item properties, and through arrays of arrays", () => {
    const fields = tree();
    expect(updateField(fields, [0], { description: "d" })[0]?.description).toBe("d");
    expect(updateField(fields, [1, 1], { required: true })[1]?.items?.properties[1]).toMatchObject({ name: "qty", required: true });
    expect(updateField(fields, [2, 0], { name: "y" })[2]?.items?.items?.properties[0]?.name).toBe("y");
  });

  it("leaves the given tree untouched and shares unchanged branches", () => {
    const fields = tree();
    const snapshot = JSON.stringify(fields);
    const updated = updateField(fields, [1, 0], { name: "code" });
    expect(JSON.stringify(fields)).toBe(snapshot);
    expect(updated[0]).toBe(fields[0]);
    expect(updated[2]).toBe(fields[2]);
  });

  const refused: { rule: string; path: readonly number[]; message: RegExp }[] = [
    { rule: "an empty path", path: [], message: /addresses no field/ },
    { rule: "an index out of range", path: [7], message: /has no field at position 7/ },
    { rule: "a negative index", path: [-1], message: /has no field at position -1/ },
    { rule: "a step into a string", path: [0, 0], message: /leads into "city", a string, which has no properties/ },
    { rule: "an index out of an item's properties", path: [1, 2], message: /has no field at position 2/ },
  ];
  it.each(refused)("throws a RangeError for $rule", ({ path, message }) => {
    expect(() => updateField(tree(), path, { name: "x" })).toThrow(RangeError);
    expect(() => updateField(tree(), path, { name: "x" })).toThrow(message);
  });
});

describe("updateField", () => {
  it("changing type keeps name, description and required and resets what no longer applies", () => {
    const before = field("string", "code", {
      description: "d", required: true, enumValues: ["a"], defaultValue: "a",
      constraints: { maxLength: "3", pattern: "^a" }, extra: { title: "T", minimum: 1 },
    });
    const [after] = updateField([before], [0], { type: "integer" });
    expect(after).toMatchObject({ key: before.key, name: "code", type: "integer", description: "d", required: true, enumValues: [], defaultValue: "", constraints: {}, items: null, properties: [], extra: { title: "T" } });
  });

  it("keeps enum values, a default and constraints that still apply (number → integer)", () => {
    const before = field("number", "qty", { enumValues: ["1", "2"], defaultValue: "1", constraints: { minimum: "0", multipleOf: "1" } });
    expect(updateField([before], [0], { type: "integer" })[0]).toMatchObject({ enumValues: ["1", "2"], defaultValue: "1", constraints: { minimum: "0", multipleOf: "1" } });
  });

  it("gives a new array a string item and drops an object's properties", () => {
    const object = field("object", "address", { properties: [field("string", "street")] });
    const [array] = updateField([object], [0], { type: "array" });
    expect(array?.properties).toEqual([]);
    expect(array?.items).toMatchObject({ name: "", type: "string" });
    expect(updateField([array!], [0], { type: "boolean" })[0]?.items).toBeNull();
  });

  it("applies a patch without a type change as given", () => {
    const items = field("integer", "");
    expect(updateField(tree(), [1], { items })[1]?.items).toBe(items);
  });
});

describe("addField, removeField", () => {
  it("adds an empty string field at the top level or to the properties a path holds", () => {
    expect(names(addField(tree(), null))).toEqual(["city", "lines", "grid", ""]);
    const added = addField(tree(), [1]);
    expect(added[1]?.items?.properties.map((one) => [one.name, one.type])).toEqual([["sku", "string"], ["qty", "integer"], ["", "string"]]);
    expect(() => addField(tree(), [0])).toThrow(RangeError);
  });

  it("gives an added field a key no other field has", () => {
    const fields = addField(addField(tree(), null), null);
    expect(fields[3]?.key).not.toBe(fields[4]?.key);
    expect(fields.slice(0, 3).map((one) => one.key)).not.toContain(fields[3]?.key);
  });

  it("removes a field and everything inside it", () => {
    expect(names(removeField(tree(), [1]))).toEqual(["city", "grid"]);
    expect(names(removeField(tree(), [1, 0])[1]?.items?.properties ?? [])).toEqual(["qty"]);
  });
});

describe("moveField, moveFieldTo", () => {
  it("moves one place within the siblings, and does nothing at either end", () => {
    expect(names(moveField(tree(), [0], 1))).toEqual(["lines", "city", "grid"]);
    expect(names(moveField(tree(), [2], -1))).toEqual(["city", "grid", "lines"]);
    expect(names(moveField(tree(), [0], -1))).toEqual(["city", "lines", "grid"]);
    expect(names(moveField(tree(), [2], 1))).toEqual(["city", "lines", "grid"]);
    expect(names(moveField(tree(), [1, 1], -1)[1]?.items?.properties ?? [])).toEqual(["qty", "sku"]);
  });

  it("moves to a position as a drag drops it, clamped to the list", () => {
    expect(names(moveFieldTo(tree(), [0], 2))).toEqual(["lines", "grid", "city"]);
    expect(names(moveFieldTo(tree(), [2], 0))).toEqual(["grid", "city", "lines"]);
    expect(names(moveFieldTo(tree(), [2], -5))).toEqual(["grid", "city", "lines"]);
    expect(names(moveFieldTo(tree(), [0], 99))).toEqual(["lines", "grid", "city"]);
    expect(names(moveFieldTo(tree(), [1], 1))).toEqual(["city", "lines", "grid"]);
  });
});
