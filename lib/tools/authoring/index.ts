/**
 * The parameter editor's model: a parameters schema as a tree of form fields holding what the
 * operator typed, the exact mapping back to a canonical JSON Schema (with the problems of text
 * that cannot convert), and the edits the form makes. Framework-free and browser-safe; the React
 * editor is built on exactly this API.
 */
export {
  CONSTRAINTS,
  newField,
  PARAMETER_TYPES,
  type ConstraintKeyword,
  type ParameterField,
  type ParameterType,
} from "./parameter-field";
export { fieldsFromSchema } from "./fields-from-schema";
export { schemaFromFields } from "./schema-from-fields";
export { addField, moveField, moveFieldTo, removeField, updateField, type FieldPath } from "./field-tree";
