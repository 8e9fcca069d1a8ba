import {
  createErrorHandler,
  getDefaultFormState,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from "@rjsf/utils";
import { checkAgainstSchema, type SchemaCheckError } from "@/lib/tools/client";

/** A title the schema gives the property `name` of `parentSchema`, if any. */
function propertyTitle(parentSchema: unknown, name: string): string | undefined {
  const title = (parentSchema as { properties?: Record<string, { title?: unknown }> } | undefined)?.properties?.[name]?.title;
  return typeof title === "string" ? title : undefined;
}

/**
 * An error as RJSF shows it next to its field, in its ajv validator's shape. A missing property
 * is said in the operator's words, as the server says it ("city is required", by its title when
 * it has one), not ajv's "must have required property 'city'".
 */
function toFieldError(error: SchemaCheckError): RJSFValidationError {
  const at = error.instancePath.replace(/\//g, ".");
  const missing = error.keyword === "required" ? String(error.params.missingProperty) : undefined;
  if (missing !== undefined) {
    const title = propertyTitle(error.parentSchema, missing);
    const message = `${title ?? missing} is required`;
    return { name: error.keyword, property: `${at}.${missing}`, message, params: error.params, stack: message, schemaPath: error.schemaPath, title: title ?? "" };
  }
  const title = (error.parentSchema as { title?: unknown } | undefined)?.title;
  const stack = typeof title === "string" ? `'${title}' ${error.message}` : `${at} ${error.message}`.trim();
  return { name: error.keyword, property: at, message: error.message, params: error.params, stack, schemaPath: error.schemaPath, title: typeof title === "string" ? title : "" };
}

/**
 * RJSF's validator for the parameter forms (the Test panel, the editor's live preview): the
 * eval-free check of lib/tools (checkAgainstSchema: an interpreting engine, patterns on RE2), so the
 * page's policy needs no 'unsafe-eval'. The forms' schemas are in the safe subset, which has no
 * `$ref`: `isValid` has no root schema to resolve against.
 */
export const argumentsValidator: ValidatorType = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const check = checkAgainstSchema(schema, formData);
    let errors = check.schemaError ? [{ stack: check.schemaError.message }] : check.errors.map(toFieldError);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema(errors);
    if (!customValidate) return { errors, errorSchema };
    const withDefaults = getDefaultFormState(argumentsValidator, schema, formData, schema, true);
    const custom = unwrapErrorHandler(customValidate(withDefaults, createErrorHandler(withDefaults), uiSchema, errorSchema));
    return validationDataMerge({ errors, errorSchema }, custom);
  },
  isValid(schema, formData) {
    const check = checkAgainstSchema(schema, formData);
    return check.errors?.length === 0;
  },
  rawValidation<Result>(schema: RJSFSchema, formData?: unknown) {
    const check = checkAgainstSchema(schema, formData);
    return check.schemaError ? { validationError: check.schemaError } : { errors: check.errors as Result[] };
  },
};
