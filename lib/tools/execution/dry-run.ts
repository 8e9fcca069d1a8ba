/**
 * What a dry run shows (SPEC §7): the rendered request, sending nothing and reading no secret.
 * Each secret header appears as the bare mask, whatever its value, because previewing must not
 * decrypt anything; a shared credential appears masked where it would be placed
 * (`Authorization: ••••`, `?api_key=••••`), and a destination it may not be sent to is the dry
 * run's error, as it would be the call's.
 */
import { MASK_PREFIX } from "../../secrets";
import { secretHeaderNamesOf, secretHeaderValues } from "../definition";
import { error, json, type ToolResponse } from "../response";
import type { ToolDefinition } from "../types";
import { AuthorizationError, type PreviewAuthorization } from "./credential-step";
import { previewOf, redactorFor } from "./execution-secrets";
import type { RenderedRequest } from "./render-request";

export interface DryRunOptions {
  /** True when a secret source was given: whether a secret header's value is missing is then unknown. */
  readonly hasSecretSource: boolean;
  readonly previewAuthorization?: PreviewAuthorization;
}

const ENCODED_MASK = encodeURIComponent(MASK_PREFIX);

/**
 * The dry run's response: `json({dry_run: true, request, warnings?})`, or the error a real call
 * would meet placing its credential. Only a secret known to be missing without reading any (no
 * secret source, no value in the definition) is left out, with a warning; so is a declared
 * credential that has no preview (it does not exist).
 */
export function dryRunResponse(def: ToolDefinition, rendered: RenderedRequest, options: DryRunOptions): ToolResponse {
  const missing = options.hasSecretSource ? [] : def.secretHeaders.filter((name) => !def.request.headers[name]);
  // The rendered request holds no secret header; an argument could still repeat a stored value.
  const redact = redactorFor(Object.values(secretHeaderValues(def)).filter((value) => value !== ""));
  const warnings = missing.map((name) => `Secret header ${name} has no value; a real call would fail.`);
  let request = rendered;
  if (def.auth !== null && options.previewAuthorization === undefined) {
    warnings.push(`Credential "${def.auth.credential}" does not exist; a real call would fail.`);
  } else if (def.auth !== null && options.previewAuthorization !== undefined) {
    try {
      request = options.previewAuthorization(rendered);
    } catch (cause) {
      if (!(cause instanceof AuthorizationError)) throw cause;
      return error(cause.message, "execution_error", { metadata: { request: previewOf(rendered, secretHeaderNamesOf(def), redact) } });
    }
  }
  const preview = previewOf(request, secretHeaderNamesOf(def), redact);
  const masks = def.secretHeaders.filter((name) => !missing.includes(name)).map((name) => [name, MASK_PREFIX] as const);
  // A query credential's mask is percent-encoded in the URL; shown as typed, it reads `?api_key=••••`.
  const url = def.auth === null ? preview.url : preview.url.replaceAll(ENCODED_MASK, MASK_PREFIX);
  const shown = { ...preview, url, headers: { ...preview.headers, ...Object.fromEntries(masks) } };
  return json({ dry_run: true, request: shown, ...(warnings.length > 0 ? { warnings } : {}) }, { request: shown });
}
