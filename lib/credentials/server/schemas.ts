/** Inputs of the credential actions (app/(dashboard)/credentials). */
import { z } from "zod";
import { boundedJson, boundedText, INPUT_LIMITS } from "../../actions/input-limits";

/** A credential's name, as the dashboard sends it (credential names follow the tool-name rule). */
export const credentialNameSchema = boundedText(INPUT_LIMITS.toolName).min(1, "Choose a credential");

/** A credential to create or edit. */
export const saveCredentialSchema = z.object({
  /** The credential's fields, snake_case: lib/credentials' parseCredentialInput judges each of them. */
  input: boundedJson(INPUT_LIMITS.credentialBytes).pipe(z.record(z.string(), z.unknown())),
  /** The stored name when editing, null when creating. */
  existingName: credentialNameSchema.nullable(),
  basedOnVersion: z.number().int().nullable(),
  clearSecret: z.boolean(),
});

/** A credential to delete, at the version the operator saw. */
export const deleteCredentialSchema = z.object({ name: credentialNameSchema, basedOnVersion: z.number().int() });
