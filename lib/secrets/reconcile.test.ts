import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { decryptSecret, sealSecret, type StoredSecret } from "./encryption";
import { generateEncryptionKey, loadKeyring } from "./keyring";
import { reconcileSecretValues, type SecretChanges, type SecretSubmission } from "./reconcile";

const keyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: generateEncryptionKey() });
const OLD = "Bearer old-token-0123456789"; // mask ••••6789
const NEW = "Bearer new-token-abcdefghij";
const authorization = sealSecret(OLD, keyring);
const apiKey = sealSecret("old-api-key-value", keyring);

interface Row {
  stored: Record<string, StoredSecret>;
  submitted: Record<string, SecretSubmission>;
  secretSlots: string[];
  /** Header → plaintext after the save (absent headers have no value). */
  values: Record<string, string>;
  changes: Partial<SecretChanges>;
}

const NO_CHANGES: SecretChanges = { kept: [], replaced: [], added: [], cleared: [], unset: [], dropped: [] };

const rows: [string, Row][] = [
  ["its mask keeps the stored value", { stored: { Authorization: authorization }, submitted: { Authorization: { value: "••••6789" } }, secretSlots: ["Authorization"], values: { Authorization: OLD }, changes: { kept: ["Authorization"] } }],
  ["any mask keeps it", { stored: { Authorization: authorization }, submitted: { Authorization: { value: "••••zzzz" } }, secretSlots: ["Authorization"], values: { Authorization: OLD }, changes: { kept: ["Authorization"] } }],
  ["an empty field keeps it", { stored: { Authorization: authorization }, submitted: { Authorization: { value: "" } }, secretSlots: ["Authorization"], values: { Authorization: OLD }, changes: { kept: ["Authorization"] } }],
  ["a blank field keeps it", { stored: { Authorization: authorization }, submitted: { Authorization: { value: " \t\n" } }, secretSlots: ["Authorization"], values: { Authorization: OLD }, changes: { kept: ["Authorization"] } }],
  ["no submission keeps it", { stored: { Authorization: authorization }, submitted: {}, secretSlots: ["Authorization"], values: { Authorization: OLD }, changes: { kept: ["Authorization"] } }],
  ["a new value replaces it", { stored: { Authorization: authorization }, submitted: { Authorization: { value: NEW } }, secretSlots: ["Authorization"], values: { Authorization: NEW }, changes: { replaced: ["Authorization"] } }],
  ["a new value loses surrounding whitespace", { stored: {}, submitted: { Authorization: { value: `  ${NEW}\r\n` } }, secretSlots: ["Authorization"], values: { Authorization: NEW }, changes: { added: ["Authorization"] } }],
  ["a new secret header is added", { stored: {}, submitted: { "X-Api-Key": { value: "new-api-key-value" } }, secretSlots: ["X-Api-Key"], values: { "X-Api-Key": "new-api-key-value" }, changes: { added: ["X-Api-Key"] } }],
  ["an explicit clear removes it", { stored: { Authorization: authorization }, submitted: { Authorization: { clear: true } }, secretSlots: ["Authorization"], values: {}, changes: { cleared: ["Authorization"] } }],
  ["clearing nothing leaves it unset", { stored: {}, submitted: { Authorization: { clear: true } }, secretSlots: ["Authorization"], values: {}, changes: { unset: ["Authorization"] } }],
  ["nothing stored and nothing submitted: unset", { stored: {}, submitted: { Authorization: { value: "" } }, secretSlots: ["Authorization"], values: {}, changes: { unset: ["Authorization"] } }],
  ["a header no longer secret is dropped", { stored: { Authorization: authorization, "X-Api-Key": apiKey }, submitted: {}, secretSlots: ["X-Api-Key"], values: { "X-Api-Key": "old-api-key-value" }, changes: { kept: ["X-Api-Key"], dropped: ["Authorization"] } }],
  ["names compare case-insensitively; the listed spelling wins", { stored: { authorization }, submitted: { AUTHORIZATION: { value: "••••6789" } }, secretSlots: ["Authorization", "AUTHORIZATION"], values: { Authorization: OLD }, changes: { kept: ["Authorization"] } }],
  ["a stored name repeated in another case is dropped", { stored: { Authorization: authorization, authorization: apiKey }, submitted: {}, secretSlots: ["Authorization"], values: { Authorization: OLD }, changes: { kept: ["Authorization"], dropped: ["authorization"] } }],
  ["submissions for headers that are not secret are ignored", { stored: {}, submitted: { "X-Trace": { value: "plain-value" } }, secretSlots: [], values: {}, changes: {} }],
  ["each header is reconciled on its own", { stored: { Authorization: authorization, "X-Api-Key": apiKey }, submitted: { Authorization: { value: NEW }, "X-Api-Key": { value: "••••alue" }, "X-Tenant": { value: "tenant-secret" } }, secretSlots: ["Authorization", "X-Api-Key", "X-Tenant"], values: { Authorization: NEW, "X-Api-Key": "old-api-key-value", "X-Tenant": "tenant-secret" }, changes: { replaced: ["Authorization"], kept: ["X-Api-Key"], added: ["X-Tenant"] } }],
  // Secret query keys (slots "?key", SPEC §1.8) follow the same rules; their keys compare exactly.
  ["a query key's mask keeps its stored value", { stored: { "?api_key": apiKey }, submitted: { "?api_key": { value: "••••alue" } }, secretSlots: ["?api_key"], values: { "?api_key": "old-api-key-value" }, changes: { kept: ["?api_key"] } }],
  ["a new value replaces a query key's", { stored: { "?api_key": apiKey }, submitted: { "?api_key": { value: NEW } }, secretSlots: ["?api_key"], values: { "?api_key": NEW }, changes: { replaced: ["?api_key"] } }],
  ["a clear clears a query key's", { stored: { "?api_key": apiKey }, submitted: { "?api_key": { clear: true } }, secretSlots: ["?api_key"], values: {}, changes: { cleared: ["?api_key"] } }],
  ["query keys are case-sensitive: ?Key is not ?key", { stored: { "?key": apiKey }, submitted: {}, secretSlots: ["?Key"], values: {}, changes: { unset: ["?Key"], dropped: ["?key"] } }],
  ["a header and a query key of one name are two secrets", { stored: { key: authorization, "?key": apiKey }, submitted: { "?key": { value: NEW } }, secretSlots: ["key", "?key"], values: { key: OLD, "?key": NEW }, changes: { kept: ["key"], replaced: ["?key"] } }],
];

describe("reconcileSecretValues", () => {
  it.each(rows)("%s", (_rule, row) => {
    const result = reconcileSecretValues({ ...row, keyring });
    expect(result.changes).toEqual({ ...NO_CHANGES, ...row.changes });
    expect(Object.keys(result.secrets).sort()).toEqual(Object.keys(row.values).sort());
    for (const [header, plaintext] of Object.entries(row.values)) {
      const secret = result.secrets[header];
      if (!secret) throw new Error(`no value for ${header}`);
      expect(decryptSecret(secret, keyring)).toBe(plaintext);
      expect(JSON.stringify(result)).not.toContain(plaintext);
    }
  });

  it("keeps a stored value as it was, without re-encrypting it", () => {
    const result = reconcileSecretValues({ stored: { Authorization: authorization }, submitted: {}, secretSlots: ["Authorization"], keyring });
    expect(result.secrets.Authorization).toEqual(authorization);
  });

  it("binds each new value to its header's associated data, and keeps stored values as they were", () => {
    const result = reconcileSecretValues({
      stored: { "X-Api-Key": apiKey },
      submitted: { authorization: { value: NEW } },
      secretSlots: ["Authorization", "X-Api-Key"],
      keyring,
      associatedData: (header) => `bound:${header}`,
    });
    expect(decryptSecret(result.secrets.Authorization!, keyring, "bound:Authorization")).toBe(NEW);
    expect(() => decryptSecret(result.secrets.Authorization!, keyring)).toThrow();
    expect(result.secrets["X-Api-Key"]).toEqual(apiKey);
  });

  it("needs a keyring only to encrypt a new value", () => {
    const keep = { stored: { Authorization: authorization }, submitted: {}, secretSlots: ["Authorization"] };
    expect(reconcileSecretValues(keep).secrets.Authorization).toEqual(authorization);
    expect(() => reconcileSecretValues({ ...keep, submitted: { Authorization: { value: NEW } } })).toThrow(/keyring/);
  });

  it("stores the new value's mask", () => {
    const result = reconcileSecretValues({ stored: {}, submitted: { Authorization: { value: NEW } }, secretSlots: ["Authorization"], keyring });
    expect(result.secrets.Authorization?.mask).toBe("••••ghij");
  });

  it("lists every submission it cannot save, each at its header", () => {
    const run = () =>
      reconcileSecretValues({
        stored: { Authorization: authorization },
        submitted: {
          "X-Api-Key": { value: "••••1234" },
          Authorization: { value: "Bearer a\r\nInjected: 1" },
          "X-Tenant": { value: "bad\ud800value" },
          "X-Null": { value: "a\0b" },
          "?api_key": { value: "key\nsecond line" },
        },
        secretSlots: ["Authorization", "X-Api-Key", "X-Tenant", "X-Null", "?api_key"],
        keyring,
      });
    expect(run).toThrow(ValidationError);
    try {
      run();
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      expect(error.issues).toEqual([
        { path: "request.headers.Authorization", message: "a secret value cannot contain line breaks or NUL characters." },
        { path: "request.headers.X-Api-Key", message: "no secret is stored here yet, so there is nothing to keep: enter its value." },
        { path: "request.headers.X-Tenant", message: "the value holds characters that cannot be encoded (an unpaired surrogate)." },
        { path: "request.headers.X-Null", message: "a secret value cannot contain line breaks or NUL characters." },
        { path: "request.query.api_key", message: "a secret value cannot contain line breaks or NUL characters." },
      ]);
      expect(error.message).not.toContain("Injected");
    }
  });
});
