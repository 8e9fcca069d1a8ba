"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, ChevronRight, GripVertical, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/components/ui/cn";
import { Field, Input } from "@/components/ui/field";
import { issuesWithin } from "@/components/ui/field-errors";
import { RowActions } from "@/components/ui/menu";
import { Select } from "@/components/ui/select";
import type { ValidationIssue } from "@/lib/errors";
import { newField, PARAMETER_TYPES, type ParameterField, type ParameterType } from "@/lib/tools/client";
import { controlId, issuesAt } from "./field-issues";
import { ConstraintFields, SchemaTextField } from "./parameter-constraints";

/** A field with another type: what still applies (name, description, required) is kept. */
function withType(field: ParameterField, type: ParameterType): ParameterField {
  const fresh = newField(type, field.name);
  return { ...fresh, key: field.key, description: field.description, required: field.required };
}

/** The type of a field (or of an array's items); changing it keeps what still applies. */
function TypeSelect({ id, field, readOnly, onChange }: { id: string; field: ParameterField; readOnly: boolean; onChange: (field: ParameterField) => void }) {
  return (
    <Select id={id} value={field.type} disabled={readOnly} onChange={(event) => onChange(withType(field, event.target.value as ParameterType))}>
      {PARAMETER_TYPES.map((type) => (
        <option key={type} value={type}>
          {type}
        </option>
      ))}
    </Select>
  );
}

interface FieldListProps {
  readonly fields: readonly ParameterField[];
  readonly onChange: (fields: ParameterField[]) => void;
  /** The validator's path of the object these fields are the properties of, e.g. `parameters`. */
  readonly basePath: string;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
  /** How deep this list sits (0 = the tool's own parameters). */
  readonly depth?: number;
}

/**
 * The form-based parameter editor: one row per property (name, type, required), details on
 * demand, objects and arrays of objects nesting their own list. Rows reorder by drag, by keyboard
 * (focus the handle, Space, arrows, Space) or through "Move up" / "Move down".
 */
export function FieldList({ fields, onChange, basePath, issues, readOnly, depth = 0 }: FieldListProps) {
  // A parameter just added gets the focus, so its name is typed at once (and left, which shows its error).
  const [added, setAdded] = useState<string | null>(null);
  const add = () => {
    const field = newField("string", "");
    setAdded(field.key);
    onChange([...fields, field]);
  };
  // dnd-kit numbers its screen-reader hints from a global counter unless given an id: the server's and the browser's would differ.
  const dndId = useId();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const replace = (index: number, field: ParameterField) => onChange(fields.map((candidate, position) => (position === index ? field : candidate)));
  const move = (index: number, offset: number) => {
    const target = index + offset;
    if (target < 0 || target >= fields.length) return;
    onChange(arrayMove([...fields], index, target));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((field) => field.key === active.id);
    const to = fields.findIndex((field) => field.key === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove([...fields], from, to));
  };

  return (
    <div className="grid gap-2">
      {fields.length === 0 && <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{depth === 0 ? "No parameters yet." : "No properties yet."}</p>}
      <DndContext
        id={dndId}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: "To reorder a parameter, press Space, move it with the arrow keys, and press Space again to drop it." } }}
      >
        <SortableContext items={fields.map((field) => field.key)} strategy={verticalListSortingStrategy}>
          <ol className="grid gap-2" aria-label={depth === 0 ? "Parameters" : `Properties of ${basePath.split(".").slice(-1)[0]}`}>
            {fields.map((field, index) => (
              <SortableFieldRow
                key={field.key}
                field={field}
                path={`${basePath}.properties.${field.name || `#${index + 1}`}`}
                issues={issues}
                readOnly={readOnly}
                depth={depth}
                onChange={(next) => replace(index, next)}
                onRemove={() => onChange(fields.filter((_, position) => position !== index))}
                onMove={(offset) => move(index, offset)}
                isFirst={index === 0}
                isLast={index === fields.length - 1}
                focusName={added === field.key ? () => setAdded(null) : undefined}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {!readOnly && (
        <div>
          <Button variant="secondary" size="sm" onClick={add}>
            <Plus aria-hidden /> {depth === 0 ? "Add parameter" : "Add property"}
          </Button>
        </div>
      )}
    </div>
  );
}

interface RowProps {
  readonly field: ParameterField;
  readonly path: string;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
  readonly depth: number;
  readonly onChange: (field: ParameterField) => void;
  readonly onRemove: () => void;
  readonly onMove: (offset: -1 | 1) => void;
  readonly isFirst: boolean;
  readonly isLast: boolean;
  /** Set for the row just added: its name input takes the focus (and the call says it did). */
  readonly focusName?: () => void;
}

function SortableFieldRow({ field, path, issues, readOnly, depth, onChange, onRemove, onMove, isFirst, isLast, focusName }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.key, disabled: readOnly });
  // A row just added (the one handed focusName) is not a mistake yet: "needs a name" waits until its name is left.
  const [nameLeft, setNameLeft] = useState(focusName === undefined);
  const shown = field.name.trim() === "" && !nameLeft ? issues.filter((issue) => issue.path !== path) : issues;
  const ownIssues = issuesWithin(shown, path);
  const [open, setOpen] = useState(ownIssues.length > 0);
  const label = field.name || "new parameter";
  const nameError = issuesAt(shown, path) ?? issuesAt(shown, `${path}.name`);
  // The name input carries the row's own id: the problems list links issues about the parameter (a blank or repeated name) to it.
  const nameId = controlId(path);

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn("rounded-md border bg-surface", isDragging && "relative z-10 shadow-lg", ownIssues.length > 0 && "border-danger/60")}
    >
      <div className="flex flex-wrap items-center gap-2 p-2 sm:flex-nowrap">
        {!readOnly && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${label}`}
            className="inline-flex size-11 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:size-8"
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
        )}
        <button
          type="button"
          onClick={() => setOpen((current) => !current)}
          aria-expanded={open}
          aria-label={`${open ? "Hide" : "Show"} details of ${label}`}
          className="inline-flex size-11 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:size-8"
        >
          <ChevronRight aria-hidden className={cn("size-4 transition-transform", open && "rotate-90")} />
        </button>
        <div className="min-w-0 flex-1 basis-40 sm:basis-0">
          <label htmlFor={nameId} className="sr-only">
            Name of parameter {label}
          </label>
          <Input
            ref={(element) => {
              if (element && focusName) {
                element.focus();
                focusName();
              }
            }}
            id={nameId}
            value={field.name}
            placeholder="name"
            readOnly={readOnly}
            error={nameError}
            onChange={(event) => onChange({ ...field, name: event.target.value })}
            onBlur={() => setNameLeft(true)}
            className="font-mono"
          />
        </div>
        <div className="w-32 shrink-0">
          <label htmlFor={controlId(`${path}.type`)} className="sr-only">
            Type of {label}
          </label>
          <TypeSelect id={controlId(`${path}.type`)} field={field} readOnly={readOnly} onChange={onChange} />
        </div>
        <label className="inline-flex min-h-11 shrink-0 items-center gap-2 text-sm sm:min-h-8">
          <Checkbox checked={field.required} disabled={readOnly} onCheckedChange={(checked) => onChange({ ...field, required: checked === true })} aria-label={`${label} is required`} />
          Required
        </label>
        {!readOnly && (
          <RowActions
            label={`More actions for ${label}`}
            items={[
              ...(isFirst ? [] : [{ kind: "action" as const, label: "Move up", icon: <ArrowUp aria-hidden />, onSelect: () => onMove(-1) }]),
              ...(isLast ? [] : [{ kind: "action" as const, label: "Move down", icon: <ArrowDown aria-hidden />, onSelect: () => onMove(1) }]),
              ...(isFirst && isLast ? [] : [{ kind: "separator" as const }]),
              { kind: "action", label: "Delete", icon: <Trash2 aria-hidden />, destructive: true, onSelect: onRemove },
            ]}
          />
        )}
      </div>
      {nameError && (
        <p id={`${nameId}-error`} className="-mt-1 px-3 pb-2 text-xs font-medium text-danger-foreground">
          {nameError}
        </p>
      )}
      {open && (
        <div className="border-t bg-muted/30 p-3">
          <SchemaDetails field={field} path={path} issues={issues} readOnly={readOnly} depth={depth} onChange={onChange} label={label} />
        </div>
      )}
    </li>
  );
}

interface DetailsProps {
  readonly field: ParameterField;
  readonly path: string;
  readonly issues: readonly ValidationIssue[];
  readonly readOnly: boolean;
  readonly depth: number;
  readonly onChange: (field: ParameterField) => void;
  readonly label: string;
}

/** Everything about one schema beyond its name: description, enum, default, constraints, nesting. */
function SchemaDetails({ field, path, issues, readOnly, depth, onChange, label }: DetailsProps) {
  const shared = { issues, readOnly };
  return (
    <div className="grid gap-3">
      <SchemaTextField path={`${path}.description`} label={`Description of ${label}`} value={field.description} onChange={(description) => onChange({ ...field, description })} hint="What the model should put here." {...shared} />
      {field.type !== "object" && field.type !== "array" && (
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <SchemaTextField
            path={`${path}.enum`}
            label="Allowed values"
            value={field.enumValues.join(", ")}
            onChange={(value) => onChange({ ...field, enumValues: value.split(",").map((item) => item.trim()).filter(Boolean) })}
            hint="Comma-separated; empty allows any."
            {...shared}
          />
          <SchemaTextField path={`${path}.default`} label="Default" value={field.defaultValue} onChange={(defaultValue) => onChange({ ...field, defaultValue })} hint="Used when the model omits it." {...shared} />
        </div>
      )}
      <ConstraintFields field={field} path={path} onChange={onChange} {...shared} />
      {field.type === "object" && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Properties of {label}</legend>
          <FieldList fields={field.properties} onChange={(properties) => onChange({ ...field, properties })} basePath={path} issues={issues} readOnly={readOnly} depth={depth + 1} />
        </fieldset>
      )}
      {field.type === "array" && field.items && (
        <fieldset className="grid gap-2 rounded-md border bg-surface p-3">
          <legend className="px-1 text-sm font-medium">Each item of {label}</legend>
          <div className="w-40">
            <Field id={controlId(`${path}.items.type`)} label="Item type">
              <TypeSelect id={controlId(`${path}.items.type`)} field={field.items} readOnly={readOnly} onChange={(items) => onChange({ ...field, items })} />
            </Field>
          </div>
          <SchemaDetails
            field={field.items}
            path={`${path}.items`}
            issues={issues}
            readOnly={readOnly}
            depth={depth + 1}
            onChange={(items) => onChange({ ...field, items })}
            label={`${label} item`}
          />
        </fieldset>
      )}
    </div>
  );
}
