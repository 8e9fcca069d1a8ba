/**
 * Reading and writing `auth` (SPEC §5.1): the shared credential a tool's requests carry, named by
 * the tool-name rule. Only the shape is checked here. Whether the credential exists, admits the
 * tool's host and leaves alone the header or query parameter the tool sets itself needs the
 * credential, so the save path checks it (lib/credentials' `toolCredentialIssues`).
 *
 * Persisted form: `{"credential": NAME}`, written only when declared, so a tool without it keeps
 * the bytes it had before credentials existed.
 */
import type { ToolAuth } from "../types";
import { checkKnownKeys, describeValue, isAbsent, isPlainObject, nameProblem, type Issues } from "./definition-input";

const AUTH_KEYS = ["credential"];

export interface PersistedAuth {
  readonly credential: string;
}

/** Reads `auth`; absent or null means the tool uses no shared credential. Problems go to `issues`. */
export function parseAuth(input: unknown, issues: Issues): ToolAuth | null {
  if (isAbsent(input)) return null;
  if (!isPlainObject(input)) {
    issues.add("auth", `must be an object {"credential": NAME} naming a shared credential, found ${describeValue(input)}`);
    return null;
  }
  checkKnownKeys(input, AUTH_KEYS, "auth", issues);
  const problem = nameProblem(input.credential);
  if (problem) {
    issues.add("auth.credential", `${problem}; it is the name of a shared credential`);
    return null;
  }
  return { credential: input.credential as string };
}

/** The persisted form of an `auth` declaration. */
export function authToPersisted(auth: ToolAuth): PersistedAuth {
  return { credential: auth.credential };
}
