/** Secrets on the server: the process's keyring, key rotation over every stored secret, and the start-up decrypt check. */
export * from "./encryption-maintenance";
export * from "./process-keyring";
export { recordSecretsRotation } from "./rotation-audit";
