/**
 * Operators (SPEC §6): users, roles, session rules, the access gate and sign-in (password and single sign-on). The Next.js side of sessions (next-auth's options, the current request's operator,
 * requireRole) is its own entry, lib/operators/session, so scripts that use operators outside Next.js
 * (the seed) never load Next.js.
 */
export * from "./access-gate";
export * from "./roles";
export * from "./session-validity";
export * from "./sign-in/oidc-links";
export { oidcProviderFromEnv } from "./sign-in/oidc";
export * from "./sign-in/safe-destination";
export * from "./sign-in/sign-in-errors";
export * from "./sign-in/sign-in-settings";
export * from "./users";
