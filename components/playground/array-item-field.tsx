import type { Field, FieldProps } from "@rjsf/utils";

/** "line_items" → "Line item", "deliveryStops" → "Delivery stop", "Entries" → "Entry". */
export function singularHeading(arrayTitle: string): string {
  const words = arrayTitle
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  const singular = words
    .replace(/ies$/, "y")
    .replace(/(ss|x|ch|sh)es$/, "$1")
    .replace(/([^su])s$/, "$1");
  return singular ? singular.charAt(0).toUpperCase() + singular.slice(1) : "Item";
}

/**
 * What heads the `index`th item: the item schema's own title, or the array's title in the
 * singular, numbered from 1. RJSF hands an item `${arrayTitle}-${index + 1}` ("stops-1").
 */
export function arrayItemHeading(rjsfTitle: string | undefined, index: number, itemTitle?: string): string {
  const suffix = `-${index + 1}`;
  const arrayTitle = rjsfTitle?.endsWith(suffix) ? rjsfTitle.slice(0, -suffix.length) : "";
  return `${itemTitle ?? singularHeading(arrayTitle)} ${index + 1}`;
}

/**
 * The field RJSF renders each array item with (its `ArraySchemaField`): the item as usual, headed
 * "Stop 1" rather than "stops-1". A title set in the item's uiSchema still wins.
 */
export function ArrayItemField(props: FieldProps) {
  // RJSF's registry always holds its SchemaField; the type only says "some field by name".
  const SchemaField = props.registry.fields.SchemaField as Field;
  const heading = arrayItemHeading(props.title, Number(props.index), props.schema.title);
  return <SchemaField {...props} uiSchema={{ "ui:title": heading, ...props.uiSchema }} />;
}
