/** The operator e2e/sign-in-abuse.spec.ts locks out: its own account, so no other spec is affected. */
export const LOCKOUT_OPERATOR = {
  email: "lockout@e2e.quiver.test",
  name: "Lockout Target",
  password: "lockout-password-e2e-1",
} as const;
