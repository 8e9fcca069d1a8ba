"use client";

// Form alone: the package's index also exports its test registry, which imports RJSF's ajv
// validator, and that would bring ajv (and its code generation) into the browser bundle.
import Form from "@rjsf/core/lib/components/Form.js";
import { getTemplate, getUiOptions, type ArrayFieldItemTemplateProps, type IconButtonProps, type RJSFSchema, type TemplatesType } from "@rjsf/utils";
import { ArrowDown, ArrowUp, Copy, Plus, Trash2, X, type LucideIcon } from "lucide-react";
import type { Ref } from "react";
import { Button } from "@/components/ui/button";
import type { ObjectSchema } from "@/lib/tools/client";
import { argumentsValidator } from "./arguments-validator";
import { ArrayFieldTemplate, ArrayItemField } from "./array-item-field";

/** The RJSF form instance the Test panel validates before sending. */
export type ArgumentsFormHandle = Form<unknown, RJSFSchema>;

function iconButton(Icon: LucideIcon, fallbackLabel: string, tone: "secondary" | "ghost" = "ghost") {
  return function RjsfIconButton({ title, onClick, disabled, id }: IconButtonProps) {
    const label = title ?? fallbackLabel;
    return (
      <Button id={id} variant={tone} size="icon" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
        <Icon aria-hidden />
      </Button>
    );
  };
}

function AddButton({ onClick, disabled, id }: IconButtonProps) {
  return (
    <Button id={id} variant="secondary" size="sm" onClick={onClick} disabled={disabled} className="justify-self-start">
      <Plus aria-hidden /> Add item
    </Button>
  );
}

/** One item of an array: a bordered block, its move/copy/remove buttons at the top right (RJSF's default lays out Bootstrap columns). */
function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, registry, uiSchema }: ArrayFieldItemTemplateProps) {
  const Buttons = getTemplate("ArrayFieldItemButtonsTemplate", registry, getUiOptions(uiSchema));
  return (
    <div className="grid min-w-0 grid-cols-[1fr_auto] items-start gap-2 rounded-md border bg-muted/30 p-3">
      <div className="min-w-0">{children}</div>
      {hasToolbar && (
        <div className="flex gap-1">
          <Buttons {...buttonsProps} />
        </div>
      )}
    </div>
  );
}

/** Array items headed in words ("Stop 1"). */
const FIELDS = { ArraySchemaField: ArrayItemField };

/** Buttons drawn with the design system (RJSF's defaults expect Bootstrap's icon font). */
const TEMPLATES: Partial<TemplatesType> = {
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ButtonTemplates: {
    AddButton,
    CopyButton: iconButton(Copy, "Copy item"),
    MoveDownButton: iconButton(ArrowDown, "Move down"),
    MoveUpButton: iconButton(ArrowUp, "Move up"),
    RemoveButton: iconButton(Trash2, "Remove item"),
    ClearButton: iconButton(X, "Clear"),
    SubmitButton: () => null,
  },
};

interface ArgumentsFormProps {
  readonly schema: ObjectSchema;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  readonly formRef: Ref<ArgumentsFormHandle>;
  readonly idPrefix: string;
}

/**
 * The tool's arguments as a form generated from its parameters (nested objects and arrays of
 * objects included), schema defaults pre-filled, checked in the browser without eval
 * (arguments-validator.ts); the server checks again. Controlled, so replaying a past run fills it.
 */
export function ArgumentsForm({ schema, value, onChange, formRef, idPrefix }: ArgumentsFormProps) {
  const empty = Object.keys(schema.properties ?? {}).length === 0;
  if (empty) return <p className="text-sm text-muted-foreground">This tool takes no arguments.</p>;
  return (
    <div className="rjsf-preview text-sm">
      <Form
        ref={formRef}
        schema={schema as RJSFSchema}
        formData={value}
        onChange={(event) => onChange(event.formData)}
        validator={argumentsValidator}
        templates={TEMPLATES}
        fields={FIELDS}
        noHtml5Validate
        showErrorList={false}
        idPrefix={idPrefix}
        uiSchema={{ "ui:submitButtonOptions": { norender: true } }}
      />
    </div>
  );
}
