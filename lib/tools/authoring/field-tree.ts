/**
 * Edits of a field tree, as the form makes them: each returns a new list and leaves the given one
 * untouched (fields are values; unchanged branches are shared).
 *
 * **Field paths.** A {@link FieldPath} lists indices into `properties`, from the top-level list
 * down. An array stands for its item: after an array field the next index picks a property of its
 * item (of the innermost item, through arrays of arrays). So with `lines` (an array of objects) at
 * top-level position 2, `[2]` is `lines` and `[2, 0]` is the first property of each line; `[]`
 * addresses nothing, and `null` as a parent path means the top-level list. The item field itself
 * is edited through its array: `updateField(fields, [2], { items: … })`.
 *
 * A path that leads nowhere (an index out of range, a step into a field that has no properties)
 * is a programming error, and throws a RangeError.
 */
import { valueFromText } from "./field-text";
import { CONSTRAINTS, newField, type ParameterField, type ParameterType } from "./parameter-field";

/**
 * Indices into `properties` from the top-level list down; after an array, the next index picks a
 * property of its (innermost) item. `[2, 0]`: the first property of the item of top-level field 2.
 */
export type FieldPath = readonly number[];

/** The keywords a field of `type` edits itself: set in the form, they must not linger in `extra`. */
function formKeywords(type: ParameterType): string[] {
  const nested = type === "array" ? ["items"] : type === "object" ? ["properties", "required"] : [];
  return ["description", "enum", "default", ...CONSTRAINTS[type], ...nested];
}

/**
 * `field` as `type`: name, description and required stay; constraints that no longer apply,
 * enum values and a default that no longer convert, items (unless an array) and properties
 * (unless an object) go. An array keeps its item, or gets a string one.
 */
function retyped(field: ParameterField, type: ParameterType): ParameterField {
  const converts = (text: string) => valueFromText(text, type).ok;
  const governed = new Set(formKeywords(type));
  return {
    ...field,
    type,
    enumValues: field.enumValues.every(converts) ? field.enumValues : [],
    defaultValue: field.defaultValue === "" || converts(field.defaultValue) ? field.defaultValue : "",
    constraints: Object.fromEntries(CONSTRAINTS[type].flatMap((keyword) => (keyword in field.constraints ? [[keyword, field.constraints[keyword]]] : []))),
    items: type === "array" ? (field.items ?? newField("string")) : null,
    properties: type === "object" ? field.properties : [],
    extra: Object.fromEntries(Object.entries(field.extra).filter(([keyword]) => !governed.has(keyword))),
  };
}

function pathError(path: FieldPath, why: string): RangeError {
  return new RangeError(`Field path [${path.join(", ")}] ${why}`);
}

/** `field` with `edit` applied to the properties it holds: its own, or its (innermost) item's. */
function withChildren(field: ParameterField, edit: (children: readonly ParameterField[]) => ParameterField[], path: FieldPath): ParameterField {
  if (field.type === "array" && field.items !== null) return { ...field, items: withChildren(field.items, edit, path) };
  if (field.type === "object") return { ...field, properties: edit(field.properties) };
  throw pathError(path, `leads into "${field.name}", a ${field.type}, which has no properties`);
}

/** `fields` with `edit` applied to the list of siblings that `parentPath` holds. */
function editSiblings(
  fields: readonly ParameterField[],
  parentPath: FieldPath,
  edit: (siblings: readonly ParameterField[]) => ParameterField[],
  whole: FieldPath = parentPath,
): ParameterField[] {
  if (parentPath.length === 0) return edit(fields);
  const [index, ...rest] = parentPath as [number, ...number[]];
  if (!Number.isInteger(index) || index < 0 || index >= fields.length) throw pathError(whole, `has no field at position ${index}`);
  return fields.map((field, position) =>
    position === index ? withChildren(field, (children) => editSiblings(children, rest, edit, whole), whole) : field,
  );
}

/** Applies `edit` to the field at `path`, within its siblings (with its index among them). */
function editAt(
  fields: readonly ParameterField[],
  path: FieldPath,
  edit: (siblings: readonly ParameterField[], index: number) => ParameterField[],
): ParameterField[] {
  if (path.length === 0) throw pathError(path, "addresses no field");
  const index = path[path.length - 1]!;
  return editSiblings(fields, path.slice(0, -1), (siblings) => {
    if (!Number.isInteger(index) || index < 0 || index >= siblings.length) throw pathError(path, `has no field at position ${index}`);
    return edit(siblings, index);
  }, path);
}

/**
 * The field at `path` with `patch` applied. Changing `type` resets what no longer applies (items,
 * properties, constraints of another type, enum values or a default that no longer convert, and
 * extra keywords the form now edits) but keeps name, description and required.
 */
export function updateField(fields: readonly ParameterField[], path: FieldPath, patch: Partial<Omit<ParameterField, "key">>): ParameterField[] {
  return editAt(fields, path, (siblings, index) => siblings.map((field, position) => {
    if (position !== index) return field;
    const patched = { ...field, ...patch };
    return patch.type !== undefined && patch.type !== field.type ? retyped(patched, patch.type) : patched;
  }));
}

/** A new empty string field appended to the top level (`parentPath` null) or to the properties `parentPath` holds. */
export function addField(fields: readonly ParameterField[], parentPath: FieldPath | null): ParameterField[] {
  return editSiblings(fields, parentPath ?? [], (siblings) => [...siblings, newField()]);
}

/** Without the field at `path` (and everything inside it). */
export function removeField(fields: readonly ParameterField[], path: FieldPath): ParameterField[] {
  return editAt(fields, path, (siblings, index) => siblings.filter((_, position) => position !== index));
}

/** The field at `path` moved one place up (-1) or down (1) among its siblings; no change at either end. */
export function moveField(fields: readonly ParameterField[], path: FieldPath, offset: -1 | 1): ParameterField[] {
  return editAt(fields, path, (siblings, index) => moved(siblings, index, index + offset));
}

/** The field at `path` moved to position `toIndex` among its siblings (clamped to the list), as a drag drops it. */
export function moveFieldTo(fields: readonly ParameterField[], path: FieldPath, toIndex: number): ParameterField[] {
  return editAt(fields, path, (siblings, index) => moved(siblings, index, Math.min(Math.max(Math.trunc(toIndex), 0), siblings.length - 1)));
}

function moved(siblings: readonly ParameterField[], from: number, to: number): ParameterField[] {
  if (to < 0 || to >= siblings.length || to === from) return [...siblings];
  const list = [...siblings];
  const [field] = list.splice(from, 1);
  list.splice(to, 0, field!);
  return list;
}
