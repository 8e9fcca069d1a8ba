import { buttonId, getTemplate, getUiOptions, type ArrayFieldTemplateProps, type Field, type FieldProps } from "@rjsf/utils";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";

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

/**
 * The array itself (its `ArrayFieldTemplate`): RJSF's layout, with an add button that says what it
 * does — "Add item", named "Add item to stops" for screen readers (the visible words first, as
 * speech control expects), since a form may hold several lists. RJSF's own add button is an icon from Bootstrap's font, which is not loaded here.
 */
export function ArrayFieldTemplate({ canAdd, className, disabled, fieldPathId, uiSchema, items, optionalDataControl, onAddClick, readonly, registry, required, schema, title }: ArrayFieldTemplateProps) {
  const uiOptions = getUiOptions(uiSchema);
  const Title = getTemplate("ArrayFieldTitleTemplate", registry, uiOptions);
  const Description = getTemplate("ArrayFieldDescriptionTemplate", registry, uiOptions);
  const editable = !readonly && !disabled;
  const heading = uiOptions.title || title;
  return (
    <fieldset className={className} id={fieldPathId.$id}>
      <Title fieldPathId={fieldPathId} title={heading} required={required} schema={schema} uiSchema={uiSchema} registry={registry} optionalDataControl={editable ? optionalDataControl : undefined} />
      <Description fieldPathId={fieldPathId} description={uiOptions.description || schema.description} schema={schema} uiSchema={uiSchema} registry={registry} />
      {!editable && optionalDataControl}
      <div className="array-item-list">{items}</div>
      {canAdd && (
        <Button id={buttonId(fieldPathId, "add")} variant="secondary" size="sm" onClick={onAddClick} disabled={!editable} aria-label={`Add item to ${heading || "the list"}`} className="justify-self-start">
          <Plus aria-hidden /> Add item
        </Button>
      )}
    </fieldset>
  );
}
