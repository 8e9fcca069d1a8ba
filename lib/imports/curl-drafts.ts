import "server-only";

/**
 * Tool drafts made from a pasted curl command (issue 13), kept on the server: the credentials the
 * command carried (Authorization, API-key-like and cookie headers, `-u`) never go back to the
 * browser. Creating a draft returns a random handle, the secret-free document and the masks; the
 * editor opens on `/tools/new-tool?curl=HANDLE`, and its save submits `{pasted: HANDLE}` for those
 * headers, which the save action turns back into the values here.
 *
 * Drafts live in this process's memory, bound to the operator who pasted them, for 30 minutes (at
 * most 200 at once, oldest dropped): a restart or a second server instance loses them, and the
 * operator is told to enter the value instead. Nothing here is written to disk or logged.
 */
import { randomBytes } from "node:crypto";
import { ValidationError } from "../errors";
import { parseCurl, type CurlDocument } from "./curl/parse-curl";
import { maskSecret, type SecretSubmission } from "../secrets";
import { parseToolDefinition, toPersistedForm, type PersistedToolDefinition } from "../tools";

const LIFETIME_MS = 30 * 60 * 1000;
const MAX_DRAFTS = 200;

interface StoredDraft {
  readonly operatorId: string;
  readonly expires: number;
  document: CurlDocument;
  /** By lower-cased header name. */
  readonly secrets: ReadonlyMap<string, string>;
}

const drafts = new Map<string, StoredDraft>();

/** What the browser may see of a draft: no secret value. */
export interface CurlDraftView {
  readonly handle: string;
  readonly document: CurlDocument;
  /** Masks of the pasted secret values, by lower-cased header name. */
  readonly masks: Readonly<Record<string, string>>;
  readonly warnings: readonly string[];
}

/**
 * Parses `command` and keeps the draft for `operatorId`.
 *
 * @throws ValidationError at `command` saying why the command cannot become a draft.
 */
export function createCurlDraft(command: string, operatorId: string): CurlDraftView {
  let draft: ReturnType<typeof parseCurl>;
  try {
    draft = parseCurl(command);
  } catch (error) {
    throw new ValidationError([{ path: "command", message: (error as Error).message }]);
  }
  prune();
  const handle = randomBytes(18).toString("base64url");
  const secrets = new Map(Object.entries(draft.secrets).map(([header, value]) => [header.toLowerCase(), value]));
  drafts.set(handle, { operatorId, expires: Date.now() + LIFETIME_MS, document: draft.document, secrets });
  return { handle, document: draft.document, masks: masksOf(secrets), warnings: draft.warnings };
}

/**
 * Replaces the draft's document (after "make this a parameter"). The secret headers stay those of
 * the paste: a header the new document does not mark secret loses its pasted value.
 *
 * @throws ValidationError when the draft is gone or belongs to someone else.
 */
export function updateCurlDraft(handle: string, operatorId: string, document: CurlDocument): void {
  stored(handle, operatorId).document = document;
}

/** The draft as the editor opens it, or null when it is gone (expired, restarted, someone else's). */
function readCurlDraft(handle: string, operatorId: string): { document: CurlDocument; masks: Record<string, string> } | null {
  const draft = drafts.get(handle);
  if (!draft || draft.operatorId !== operatorId || draft.expires < Date.now()) return null;
  return { document: draft.document, masks: masksOf(draft.secrets) };
}

/** A secret submission of the editor: the usual ones, or the pasted value of a curl draft. */
export type EditorSecretSubmission = SecretSubmission | { readonly pasted: string };

/**
 * The editor's secret submissions with every `{pasted: HANDLE}` replaced by the pasted value.
 *
 * @throws ValidationError at `secrets.HEADER` when the pasted value is gone.
 */
export function withPastedSecrets(submitted: Readonly<Record<string, EditorSecretSubmission>>, operatorId: string): Record<string, SecretSubmission> {
  const resolved: Record<string, SecretSubmission> = {};
  for (const [header, submission] of Object.entries(submitted)) {
    if (!("pasted" in submission)) {
      resolved[header] = submission;
      continue;
    }
    const value = drafts.get(submission.pasted)?.operatorId === operatorId ? drafts.get(submission.pasted)?.secrets.get(header.toLowerCase()) : undefined;
    if (value === undefined) throw new ValidationError([{ path: `secrets.${header}`, message: "The value pasted with the curl command has expired: enter it again." }]);
    resolved[header] = { value };
  }
  return resolved;
}

function stored(handle: string, operatorId: string): StoredDraft {
  const draft = drafts.get(handle);
  if (!draft || draft.operatorId !== operatorId || draft.expires < Date.now()) {
    throw new ValidationError([{ path: "command", message: "This draft has expired: paste the command again." }]);
  }
  return draft;
}

function masksOf(secrets: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries([...secrets].map(([header, value]) => [header, maskSecret(value)]));
}

function prune(): void {
  const now = Date.now();
  for (const [handle, draft] of drafts) if (draft.expires < now) drafts.delete(handle);
  while (drafts.size >= MAX_DRAFTS) drafts.delete(drafts.keys().next().value!);
}

/**
 * The draft as the editor opens it — a persisted definition and the masks of its pasted secrets —
 * or null when it is gone or the validator refuses it (the dialog shows that case before opening).
 */
export function curlDraftForEditor(handle: string, operatorId: string): { definition: PersistedToolDefinition; masks: Record<string, string> } | null {
  const draft = readCurlDraft(handle, operatorId);
  if (!draft) return null;
  try {
    return { definition: toPersistedForm(parseToolDefinition(draft.document)), masks: draft.masks };
  } catch (error) {
    if (error instanceof ValidationError) return null;
    throw error;
  }
}
