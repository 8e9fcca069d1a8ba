import { describe, expect, it } from "vitest";
import { generateEncryptionKey, loadKeyring } from "../../secrets/keyring";
import { reconcileSecretValues } from "../../secrets/reconcile";
import { parseToolDefinition } from "./definition";
import { documentWithRequest, problemsOf } from "./test-support/definition-fixtures";

// Header names become keys of plain objects all the way to the executor. `__proto__` assigned as a
// key replaces the prototype instead of storing a value, so a secret saved under it vanished
// without an error (issue 15). The definition stage refuses such names, with the other two names
// JavaScript objects treat specially, before anything is stored.

describe("header names JavaScript objects treat specially", () => {
  it("are where a secret value is silently lost once stored", () => {
    const keyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: generateEncryptionKey() });
    const { secrets, changes } = reconcileSecretValues({
      stored: {},
      // As a form submission arrives: parsed JSON, where `__proto__` is an own key.
      submitted: JSON.parse('{"__proto__": {"value": "sk_live_a1b2c3"}}'),
      secretSlots: ["__proto__"],
      keyring,
    });
    expect(changes.added).toEqual(["__proto__"]);
    expect(Object.keys(secrets)).toEqual([]);
  });

  it.each(["__proto__", "constructor", "prototype", "Constructor", "__PROTO__"])("%s is refused as a header name", (name) => {
    const document = JSON.parse(JSON.stringify({ ...documentWithRequest({ headers: { [name]: "sk_live_a1b2c3" } }), secret_headers: [name] }));
    expect(problemsOf(document)).toEqual([
      {
        path: `request.headers.${name}`,
        message: `"${name}" cannot be a header name: JavaScript objects reserve it, so its value would be lost; no HTTP API needs it`,
      },
    ]);
  });

  it.each(["Constructor-Id", "X-Prototype", "proto"])("%s is an ordinary header name", (name) => {
    expect(parseToolDefinition(documentWithRequest({ headers: { [name]: "v" } })).request.headers).toEqual({ [name]: "v" });
  });
});
