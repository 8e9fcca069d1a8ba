/**
 * The form editor's view of a parameters schema: one {@link ParameterField} per property, holding
 * what the operator typed (text), not converted values, so a half-typed number is never lost. The
 * mapping to and from JSON Schema is in `schema-fields.ts`; edits of the tree in `field-tree.ts`.
 */

export const PARAMETER_TYPES = ["string", "number", "integer", "boolean", "object", "array"] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export type ConstraintKeyword =
  | "minLength" | "maxLength" | "pattern" | "format"
  | "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf"
  | "minItems" | "maxItems" | "uniqueItems";

/** Constraint keywords of the safe subset the form edits, by the types they apply to. */
export const CONSTRAINTS: Readonly<Record<ParameterType, readonly ConstraintKeyword[]>> = {
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  boolean: [],
  object: [],
  array: ["minItems", "maxItems", "uniqueItems"],
};

export interface ParameterField {
  /** Stable identity for UI lists (never persisted); unique within the whole tree. */
  readonly key: string;
  /** The property name ("" for an array's item field). */
  readonly name: string;
  readonly type: ParameterType;
  /** "" = no description. */
  readonly description: string;
  /** Ignored for item fields. */
  readonly required: boolean;
  /** As the operator typed them; converted by type (see `schemaFromFields`). Empty = any value. */
  readonly enumValues: readonly string[];
  /** JSON-ish text as typed; "" = no default. Strings are typed raw, without quotes. */
  readonly defaultValue: string;
  /** Text as typed, per keyword; a missing or "" entry sets nothing. Only `CONSTRAINTS[type]` count. */
  readonly constraints: Readonly<Partial<Record<ConstraintKeyword, string>>>;
  /** The schema of each element when `type` is "array" (never null then); null otherwise. */
  readonly items: ParameterField | null;
  /** The properties when `type` is "object"; empty otherwise. */
  readonly properties: readonly ParameterField[];
  /**
   * Keywords the form does not edit (title, const, additionalProperties…) and values it cannot
   * show (an empty description, a constraint on a type it does not apply to), kept verbatim so
   * switching form ⇄ JSON never loses one. A value the form sets wins over the same keyword here.
   */
  readonly extra: Readonly<Record<string, unknown>>;
}

let fieldsCreated = 0;

/**
 * A key no other field has: keys are only ever made here, so they stay unique across every tree
 * this module builds (they identify rows in the UI, nothing more).
 */
export function freshFieldKey(): string {
  fieldsCreated += 1;
  return `field-${fieldsCreated}`;
}

/** A sensible empty field of `type` (string by default); an array gets a string item field. */
export function newField(type: ParameterType = "string", name = ""): ParameterField {
  return {
    key: freshFieldKey(),
    name,
    type,
    description: "",
    required: false,
    enumValues: [],
    defaultValue: "",
    constraints: {},
    items: type === "array" ? newField("string") : null,
    properties: [],
    extra: {},
  };
}
