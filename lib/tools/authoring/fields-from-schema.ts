/**
 * JSON Schema → form fields. Every keyword lands somewhere: in the field when the form can show
 * its value exactly, otherwise verbatim in `extra`, so `schemaFromFields(fieldsFromSchema(s))`
 * gives back the canonical `s`.
 */
import { isPlainObject, objectFrom } from "../definition";
import type { ObjectSchema } from "../types";
import { CONSTRAINT_KINDS, textFromValue } from "./field-text";
import {
  CONSTRAINTS,
  type ConstraintKeyword,
  freshFieldKey,
  newField,
  PARAMETER_TYPES,
  type ParameterField,
  type ParameterType,
} from "./parameter-field";

type Schema = Readonly<Record<string, unknown>>;

/**
 * The fields of a parameters schema, one per top-level property, in order. The root's own
 * keywords besides `properties` and `required` (e.g. `additionalProperties: false`) are not
 * fields: pass the schema to `schemaFromFields` as its `root` to keep them.
 */
export function fieldsFromSchema(schema: ObjectSchema): ParameterField[] {
  return propertyFields(schema).fields;
}

/** The fields of an object schema's properties, and whether its `required` is what their flags say. */
function propertyFields(schema: Schema): { fields: ParameterField[]; requiredShown: boolean } {
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const names = Object.keys(properties);
  const required = schema.required === undefined ? [] : schema.required;
  // The flags can say which names are required, not a list with repeats or undeclared names.
  const requiredShown = Array.isArray(required)
    && required.every((name) => typeof name === "string" && names.includes(name))
    && new Set(required).size === required.length;
  const isRequired = (name: string) => requiredShown && (required as unknown[]).includes(name);
  const fields = names.map((name) => fieldFromSchema(name, properties[name], isRequired(name)));
  return { fields, requiredShown };
}

function fieldFromSchema(name: string, input: unknown, required: boolean): ParameterField {
  const schema: Schema = isPlainObject(input) ? input : {};
  // Parsed definitions always have one of these types; anything else could not be a field.
  const type: ParameterType = (PARAMETER_TYPES as readonly unknown[]).includes(schema.type) ? (schema.type as ParameterType) : "string";
  const nested = type === "object" && isPlainObject(schema.properties) ? propertyFields(schema) : null;
  let description = "";
  let enumValues: string[] = [];
  let defaultValue = "";
  const constraints: Partial<Record<ConstraintKeyword, string>> = {};
  let items: ParameterField | null = null;

  /** Takes `keyword` into the field when the form can show its value exactly; false leaves it for `extra`. */
  const take = (keyword: string, value: unknown): boolean => {
    switch (keyword) {
      case "type":
        return value === type;
      case "description":
        if (typeof value !== "string" || value === "") return false;
        description = value;
        return true;
      case "enum": {
        const texts = Array.isArray(value) && value.length > 0 ? value.map((item) => textFromValue(item, type)) : [null];
        if (texts.some((text) => text === null)) return false;
        enumValues = texts as string[];
        return true;
      }
      case "default": {
        const text = textFromValue(value, type);
        if (text === null || text === "") return false;
        defaultValue = text;
        return true;
      }
      case "items":
        if (type !== "array" || !isPlainObject(value)) return false;
        items = fieldFromSchema("", value, false);
        return true;
      case "properties":
        return nested !== null;
      case "required":
        return nested?.requiredShown === true;
      default:
        return takeConstraint(type, keyword, value, constraints);
    }
  };
  const extra = objectFrom(Object.entries(schema).filter(([keyword, value]) => !take(keyword, value)));
  return {
    key: freshFieldKey(),
    name,
    type,
    description,
    required,
    enumValues,
    defaultValue,
    constraints,
    items: items ?? (type === "array" ? newField("string") : null),
    properties: nested?.fields ?? [],
    extra,
  };
}

function takeConstraint(type: ParameterType, keyword: string, value: unknown, constraints: Partial<Record<ConstraintKeyword, string>>): boolean {
  const constraint = CONSTRAINTS[type].find((candidate) => candidate === keyword);
  if (constraint === undefined) return false;
  const text = textFromValue(value, CONSTRAINT_KINDS[constraint]);
  if (text === null || text === "") return false;
  constraints[constraint] = text;
  return true;
}
