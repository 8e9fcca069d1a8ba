/**
 * Definition stage: an untrusted persisted document in, an immutable {@link ToolDefinition} or a
 * `ValidationError` with every problem out, and back to canonical bytes. The helpers further down
 * are for the other stages (execution, code tools, provider specs), not for the library's users.
 */
export { parseToolDefinition } from "./definition";
export { serializeToolDefinition, toPersistedForm, type PersistedToolDefinition } from "./persisted-form";
export { secretHeaderNamesOf, secretSlotsOf, secretValues, withoutSecretValues } from "./secret-headers";
export { HEADER_NAME_PATTERN, headerValueProblem, RESERVED_HEADER_NAMES } from "./header-value";
export { XML_ATTRIBUTE_PREFIX, XML_NAME, XML_TEXT_KEY } from "./xml-body";
export { MAX_NAME_LENGTH, NAME_PATTERN } from "./definition-input";
export { parseParameters, parseParameterSchema } from "./schema-subset";
export { toolOutputSchema } from "./output-schema";
export { compileSchemaPattern } from "./schema-pattern";
export { checkAgainstSchema, type SchemaCheck, type SchemaCheckError } from "./schema-check";
export { canonicalSchema, SCHEMA_KEYWORD_ORDER } from "./canonical-schema";
export { childPath, deepFreeze, describeValue, isAbsent, isPlainObject, Issues, objectFrom } from "./definition-input";
