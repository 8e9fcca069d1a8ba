/**
 * The credentials service the Credentials page calls, and what the executor gets from
 * credential-use.ts, on SQLite and PostgreSQL: DTOs carry masks only (never a plaintext or a
 * ciphertext); a call's CredentialUse decrypts the secret of the version it read, and says clearly
 * when none was entered; saves forget cached tokens; "Test" fetches an OAuth2 token through the
 * destination guard and shows expiry and scopes, never the token; "last used" is written at most
 * once a minute per credential.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { startTokenEndpoint, type TokenEndpoint } from "../test-support/token-endpoint";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { saveTool } from "../../catalog/tool-saves";
import { ConflictError, NotFoundError } from "../../errors";
import { generateEncryptionKey } from "../../secrets/keyring";
import { maskSecret } from "../../secrets/mask";
import { plainTool, referenceTool } from "../../db/test-support/fixtures";
import { credentialPreviewFor, credentialTokens, credentialUseFor, noteCredentialUsed } from "./credential-use";
import { deleteCredential, getCredential, listCredentials, saveCredential, testCredential } from "./credentials";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
// The token transport passes the destination guard: the loopback token endpoint must be allowed.
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
const targets = await databaseTargets();
const KEY = "vk-service-0123456789";
const CLIENT_SECRET = "cs-service-ABCDEF-98765";

const headerInput = (overrides: Record<string, unknown> = {}) =>
  ({ name: "vendor_key", description: "Vendor", kind: "header", hosts: ["api.example.com"], header_name: "X-Api-Key", value: KEY, ...overrides });

let endpoint: TokenEndpoint;
beforeAll(async () => {
  endpoint = await startTokenEndpoint((count, request) =>
    request.url.startsWith("/deny")
      ? { status: 401, body: { error: "invalid_client", error_description: "unknown client" } }
      : { status: 200, body: { access_token: `tok-${count}-SECRET`, token_type: "Bearer", expires_in: 600, scope: "read write" } },
  );
});
afterAll(() => endpoint.close());

describe.each(targets)("credentials service on $name", (target) => {
  useTestDatabase(target);
  const oauthInput = () => ({
    name: "vendor_oauth", kind: "oauth2_client_credentials", hosts: ["127.0.0.1"], token_url: endpoint.tokenUrl,
    client_id: "quiver", client_secret: CLIENT_SECRET, scopes: ["read", "write"],
  });

  it("lists and reads credentials with masks only, and the form values keep the stored secret", async () => {
    await saveCredential(headerInput(), {}, SYSTEM_ACTOR);
    await saveTool({ definition: referenceTool({ auth: { credential: "vendor_key" } }), baseVersion: null, actor: SYSTEM_ACTOR });
    const [summary] = await listCredentials();
    expect(summary).toMatchObject({ name: "vendor_key", kind: "header", mask: maskSecret(KEY), usedBy: ["lookup_order"], secretPart: "value", version: 1, lastUsedAt: null });
    const detail = (await getCredential("vendor_key"))!;
    expect(detail.form).toEqual({ name: "vendor_key", description: "Vendor", kind: "header", hosts: ["api.example.com"], header_name: "X-Api-Key", value: maskSecret(KEY) });
    expect(JSON.stringify([summary, detail])).not.toContain(KEY);
    expect(await getCredential("missing")).toBeNull();

    const resaved = await saveCredential(detail.form, { existingName: "vendor_key", basedOnVersion: 1 }, SYSTEM_ACTOR);
    expect(resaved).toMatchObject({ unchanged: true, version: 1, droppedSecret: null });
    expect(await (await credentialUseFor("vendor_key"))!.secret()).toBe(KEY);
  });

  it("gives the executor the version it read, decrypting only on demand; a credential without a secret says so", async () => {
    const { version } = await saveCredential(headerInput(), {}, SYSTEM_ACTOR);
    const use = (await credentialUseFor("vendor_key"))!;
    expect(use.ref).toEqual({ id: expect.any(String), version });
    expect(use.credential).toMatchObject({ kind: "header", headerName: "X-Api-Key", hosts: ["api.example.com"] });
    await saveCredential(headerInput({ value: "vk-newer-value" }), { existingName: "vendor_key", basedOnVersion: 1 }, SYSTEM_ACTOR);
    expect(await use.secret()).toBe(KEY);
    expect(await (await credentialUseFor("vendor_key"))!.secret()).toBe("vk-newer-value");
    expect(await credentialPreviewFor("vendor_key")).toEqual(use.credential);

    await saveCredential(headerInput({ value: "" }), { existingName: "vendor_key", basedOnVersion: 2, clearSecret: true }, SYSTEM_ACTOR);
    await expect((await credentialUseFor("vendor_key"))!.secret()).rejects.toThrow("Credential vendor_key has no secret yet: enter it on the Credentials page.");
    expect(await credentialUseFor("missing")).toBeNull();
    expect(await credentialPreviewFor("missing")).toBeNull();
  });

  it("tests an OAuth2 credential through the guarded transport: expiry and scopes, never the token", async () => {
    await saveCredential(oauthInput(), {}, SYSTEM_ACTOR);
    const before = endpoint.upstream.requests.length;
    const result = await testCredential("vendor_oauth");
    expect(result).toEqual({ ok: true, kind: "oauth2_client_credentials", expiresAt: expect.any(Date), scopes: ["read", "write"] });
    expect(endpoint.upstream.requests.length).toBe(before + 1);
    expect(JSON.stringify(result)).not.toMatch(/SECRET/);

    await saveCredential({ ...oauthInput(), client_secret: "", token_url: "https://auth.invalid/token" }, { existingName: "vendor_oauth", basedOnVersion: 1 }, SYSTEM_ACTOR);
    expect(await testCredential("vendor_oauth")).toEqual({ ok: false, kind: "oauth2_client_credentials", message: expect.stringMatching(/no secret yet/) });
    await expect(testCredential("missing")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("reports a refused token request as a message, and a header credential's placement masked", async () => {
    await saveCredential({ ...oauthInput(), token_url: `${endpoint.upstream.origin}/deny/token` }, {}, SYSTEM_ACTOR);
    const refused = await testCredential("vendor_oauth");
    expect(refused).toEqual({ ok: false, kind: "oauth2_client_credentials", message: expect.stringMatching(/invalid_client/) });
    expect(JSON.stringify(refused)).not.toContain(CLIENT_SECRET);

    await saveCredential(headerInput(), {}, SYSTEM_ACTOR);
    expect(await testCredential("vendor_key")).toEqual({ ok: true, kind: "header", placement: "X-Api-Key: ••••" });
  });

  it("forgets cached tokens on save and delete; refuses to delete a credential in use", async () => {
    const saved = await saveCredential(oauthInput(), {}, SYSTEM_ACTOR);
    const use = (await credentialUseFor("vendor_oauth"))!;
    const binding = { ref: use.ref, credential: use.credential as never, clientSecret: use.secret };
    const first = await credentialTokens().token(binding);
    expect(await credentialTokens().token(binding)).toBe(first);
    await saveCredential({ ...oauthInput(), scopes: ["read"] }, { existingName: "vendor_oauth", basedOnVersion: saved.version }, SYSTEM_ACTOR);
    expect(await credentialTokens().token(binding)).not.toBe(first);

    const local = plainTool({ request: { method: "GET", url: "http://127.0.0.1/weather?q={{city}}" }, auth: { credential: "vendor_oauth" } });
    await saveTool({ definition: local, baseVersion: null, actor: SYSTEM_ACTOR });
    await expect(deleteCredential("vendor_oauth", SYSTEM_ACTOR)).rejects.toThrow(ConflictError);
    expect((await listCredentials()).map((credential) => credential.name)).toEqual(["vendor_oauth"]);
  });

  it("writes last used at most once a minute per credential", async () => {
    const saved = await saveCredential(headerInput(), {}, SYSTEM_ACTOR);
    const id = (await credentialUseFor("vendor_key"))!.ref.id;
    const start = saved.updatedAt.getTime() + 1_000;
    await noteCredentialUsed(id, start);
    await noteCredentialUsed(id, start + 30_000);
    expect((await getCredential("vendor_key"))!.lastUsedAt).toEqual(new Date(start));
    await noteCredentialUsed(id, start + 61_000);
    expect((await getCredential("vendor_key"))!.lastUsedAt).toEqual(new Date(start + 61_000));
  });
});
