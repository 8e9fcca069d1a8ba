/**
 * What a dry run shows (SPEC §7): the rendered request, sending nothing and reading no secret.
 * Each secret header and secret query value appears as the bare mask, whatever its value, because
 * previewing must not decrypt anything (a secret query entry goes last, where the call appends it); a shared credential appears masked where it would be placed
 * (`Authorization: ••••`, `?api_key=••••`), and a destination it may not be sent to is the dry
 * run's error, as it would be the call's.
 */
import { MASK_PREFIX, slotLabel, slotLocation } from "../../secrets";
import { secretHeaderNamesOf, secretSlotsOf, secretValues } from "../definition";
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
  const written = secretValues(def);
  const missing = options.hasSecretSource ? [] : secretSlotsOf(def).filter((slot) => !written[slot]);
  // The rendered request holds no secret; an argument could still repeat a stored value.
  const redact = redactorFor(Object.values(written).filter((value) => value !== ""));
  const warnings = missing.map((slot) => `Secret ${slotLabel(slot)} has no value; a real call would fail.`);
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
  const maskedQuery = secretSlotsOf(def)
    .filter((slot) => !missing.includes(slot) && slotLocation(slot).location === "query")
    .map((slot) => `${encodeURIComponent(slotLocation(slot).name)}=${MASK_PREFIX}`);
  // A query credential's mask is percent-encoded in the URL; shown as typed, it reads `?api_key=••••`.
  const url = withQueryPairs(def.auth === null ? preview.url : preview.url.replaceAll(ENCODED_MASK, MASK_PREFIX), maskedQuery);
  const shown = { ...preview, url, headers: { ...preview.headers, ...Object.fromEntries(masks) } };
  return json({ dry_run: true, request: shown, ...(warnings.length > 0 ? { warnings } : {}) }, { request: shown });
}

/** `href` with `pairs` appended to its query string (before any fragment). */
function withQueryPairs(href: string, pairs: readonly string[]): string {
  if (pairs.length === 0) return href;
  const hash = href.indexOf("#");
  const [base, fragment] = hash < 0 ? [href, ""] : [href.slice(0, hash), href.slice(hash)];
  const joiner = !base.includes("?") ? "?" : base.endsWith("?") || base.endsWith("&") ? "" : "&";
  return `${base}${joiner}${pairs.join("&")}${fragment}`;
}
