/** What the password policy (lib/operators/password-policy.ts) asks, in an operator's words. */
export const PASSWORD_HINT = "8 to 72 characters (fewer with accents or symbols).";
