import "server-only";

/**
 * The authorization server's keys, derived from `NEXTAUTH_SECRET` (HKDF, one label per use) so
 * that every instance holds the same ones without storing or distributing any: the keys that sign
 * its cookies (an interaction begun on one instance continues on another) and the Ed25519 key its
 * JWKS publishes (it signs ID tokens, should a client ask for `openid`). Rotating the secret
 * rotates them, as it already signs operators out.
 */
import { createPrivateKey, hkdfSync, type JsonWebKey } from "node:crypto";

/** PKCS #8 DER of an Ed25519 private key, up to its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

function derive(secret: string, label: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, "quiver-oauth", label, 32));
}

/** The cookie-signing keys (koa's keygrip list, newest first). */
export function cookieKeysFrom(secret: string): string[] {
  return [derive(secret, "cookies").toString("base64url")];
}

/** The signing key as a private JWK, with a key id that changes with it. */
export function signingJwkFrom(secret: string): JsonWebKey {
  const seed = derive(secret, "signing-key");
  const jwk = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: "der", type: "pkcs8" }).export({ format: "jwk" });
  return { ...jwk, kid: derive(secret, "signing-key-id").toString("base64url").slice(0, 16), use: "sig", alg: "EdDSA" };
}
