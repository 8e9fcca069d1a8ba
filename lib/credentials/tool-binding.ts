/**
 * Whether a tool may use a credential (SPEC §5.1, checked when a tool declaring
 * `"auth": {"credential": NAME}` is saved or imported): the credential must admit the tool's host
 * and scheme, and the tool may not set the header or query parameter the credential sets — the
 * credential would silently replace it, and a secret header there would be a second copy of a key.
 * The same rules refuse the call at execution (placement.ts), so a credential whose hosts were
 * narrowed after the tool was saved still never reaches a host it no longer admits.
 */
import type { ValidationIssue } from "../errors";
import { secretOrigin } from "../secrets";
import { CredentialRefusedError, assertDestinationAdmitted, placementTarget, queryPairName } from "./placement";
import type { Credential } from "./types";

/** What the check needs of a tool definition (lib/tools' ToolDefinition fits). */
export interface CredentialUser {
  readonly request: {
    readonly url: string;
    readonly headers: Readonly<Record<string, string>>;
    readonly query: Readonly<Record<string, string>>;
  };
}

/** Every reason `tool` may not use `credential`, with paths into the persisted definition; empty when it may. */
export function toolCredentialIssues(credential: Credential, tool: CredentialUser): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  let origin: URL | null = null;
  try {
    origin = new URL(secretOrigin(tool.request.url));
  } catch {
    // An unreadable URL is the definition validator's to report.
  }
  if (origin !== null) {
    try {
      assertDestinationAdmitted(credential, origin);
    } catch (error) {
      if (!(error instanceof CredentialRefusedError)) throw error;
      issues.push({ path: "auth.credential", message: error.message });
    }
  }
  const target = placementTarget(credential);
  const lower = target.name.toLowerCase();
  if (target.location === "header") {
    for (const name of Object.keys(tool.request.headers)) {
      if (name.toLowerCase() === lower) {
        issues.push({ path: `request.headers.${name}`, message: `is set by credential "${credential.name}": remove this header` });
      }
    }
  } else {
    if (Object.hasOwn(tool.request.query, target.name)) {
      issues.push({ path: `request.query.${target.name}`, message: `is set by credential "${credential.name}": remove this parameter` });
    }
    if (urlQueryNames(tool.request.url).includes(target.name)) {
      issues.push({ path: "request.url", message: `sets ${target.name}, which credential "${credential.name}" sets: remove it from the URL` });
    }
  }
  return issues;
}

/** The parameter names written in a URL template's query string. */
function urlQueryNames(url: string): string[] {
  const query = url.split("#", 1)[0]?.split("?").slice(1).join("?") ?? "";
  return query
    .split("&")
    .filter(Boolean)
    .map(queryPairName);
}
