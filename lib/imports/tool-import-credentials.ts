import "server-only";
/**
 * The shared credentials an import's tools name (SPEC §5.1). An export carries a credential's name
 * only, so a tool may arrive naming a credential this Quiver does not have:
 * - by default the import is refused, naming each tool and the credential it lacks;
 * - with `createMissingCredentials`, each missing credential is created EMPTY in the import's
 *   transaction: kind `header` on `Authorization` — or what its proposal says (an API key in the
 *   query: kind `query` on that parameter; Postman's Basic auth: kind `basic` with its user name) —
 *   admitting exactly the hosts of the tools that
 *   name it, no secret. Calls through it are refused until an operator opens it on the Credentials
 *   page, sets the right kind and fields (nothing is stored yet, so nothing is lost) and enters the
 *   secret. See docs/DECISIONS.md.
 * Every tool is also checked against its credential (host admitted, no header or parameter clash)
 * before anything is written, with the problem at its path in the document.
 */
import { parseCredentialInput, toolCredentialIssues, type Credential } from "../credentials";
import { getCredentialsByName } from "../credentials/server";
import { missingCredentialMessage } from "../catalog";
import type { ValidationIssue } from "../errors";
import { secretOrigin } from "../secrets";
import { joinPath, type DocumentTool } from "./tool-import-document";

/** What a credential created empty is, when the document's source said (its note is for the picker only). */
export type ProposedCredentialInput =
  | { readonly name: string; readonly kind: "query"; readonly parameterName: string }
  | { readonly name: string; readonly kind: "basic"; readonly username: string };

/** A credential the document's tools name that does not exist, and the tools naming it. */
export interface MissingCredential {
  readonly name: string;
  readonly tools: readonly string[];
}

export interface ImportCredentials {
  /** The missing credentials, by name. */
  readonly missing: readonly MissingCredential[];
  /** With `createMissingCredentials`: the form inputs of the empty credentials to create. */
  readonly toCreate: readonly Record<string, unknown>[];
  /** Every problem, at its path in the document (empty when the import may go ahead). */
  readonly issues: readonly ValidationIssue[];
  /** Per tool path, its problems (for the preview). */
  readonly issuesByPath: ReadonlyMap<string, readonly ValidationIssue[]>;
}

/**
 * What to do about a missing credential: `refuse` reports it as the tool's problem, `create` plans
 * an empty one, `list` only lists it (the preview, where the operator has not chosen yet).
 */
export type MissingCredentialPolicy = "refuse" | "create" | "list";

/** The header an empty credential created by an import sets, until an operator changes it. */
const EMPTY_CREDENTIAL_HEADER = "Authorization";

/** Reads the credentials `tools` name and judges each tool against its credential; `policy` says what a missing one means. */
export async function checkImportCredentials(
  tools: readonly DocumentTool[],
  policy: MissingCredentialPolicy,
  outlines: readonly ProposedCredentialInput[] = [],
): Promise<ImportCredentials> {
  const users = tools.filter((tool) => tool.definition.auth !== null);
  const names = [...new Set(users.map((tool) => tool.definition.auth!.credential))];
  const credentials = new Map<string, Credential>(await getCredentialsByName(names));
  const missing = names
    .filter((name) => !credentials.has(name))
    .map((name) => ({ name, tools: users.filter((tool) => tool.definition.auth!.credential === name) }));

  const toCreate = policy === "create" ? missing.map(({ name, tools: naming }) => emptyCredentialInput(name, naming, outlines.find((outline) => outline.name === name))) : [];
  for (const input of toCreate) {
    const { credential } = parseCredentialInput(input);
    credentials.set(credential.name, credential);
  }

  const issuesByPath = new Map<string, ValidationIssue[]>();
  for (const tool of users) {
    const { name, auth } = tool.definition;
    const credential = credentials.get(auth!.credential);
    if (!credential && policy === "list") continue;
    const found = credential
      ? toolCredentialIssues(credential, tool.definition)
      : [{ path: "auth.credential", message: `${missingCredentialMessage(auth!.credential)} (or import with "create missing credentials")` }];
    if (found.length > 0) {
      issuesByPath.set(tool.path, found.map((issue) => ({ path: joinPath(tool.path, issue.path), message: `${name}: ${issue.message}` })));
    }
  }
  return {
    missing: missing.map(({ name, tools: naming }) => ({ name, tools: naming.map((tool) => tool.definition.name) })),
    toCreate,
    issues: [...issuesByPath.values()].flat(),
    issuesByPath,
  };
}

/** The form input of an empty credential admitting the hosts of `tools`: as `outline` says, else a `header` one. */
function emptyCredentialInput(name: string, tools: readonly DocumentTool[], outline: ProposedCredentialInput | undefined): Record<string, unknown> {
  const hosts = [...new Set(tools.map((tool) => new URL(secretOrigin(tool.definition.request.url)).hostname))];
  const named = tools.map((tool) => tool.definition.name);
  const toolNames = named.length > 5 ? `${named.slice(0, 5).join(", ")} and ${named.length - 5} more` : named.join(", ");
  return {
    name,
    description: `Created empty by an import for ${toolNames}: choose its kind, check its hosts and enter its secret.`,
    hosts,
    ...(outline?.kind === "query"
      ? { kind: "query", parameter_name: outline.parameterName }
      : outline?.kind === "basic"
        ? { kind: "basic", username: outline.username }
        : { kind: "header", header_name: EMPTY_CREDENTIAL_HEADER }),
  };
}
