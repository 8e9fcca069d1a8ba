/** Shared credentials on the server: reading, saving, the secret at rest and its use by the executor. */
export { credentialOf, getCredentialsByName } from "./credential-queries";
export * from "./credential-saves";
export * from "./credential-secrets";
export * from "./credential-use";
export * from "./credentials";
