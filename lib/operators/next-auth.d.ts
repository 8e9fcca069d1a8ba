import "next-auth";
import "next-auth/jwt";
import type { SessionOperator } from "./session-operator";

declare module "next-auth" {
  interface Session {
    /** The operator as the database says now, for a session that still counts; see session-operator.ts. */
    operator?: SessionOperator;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    operatorId?: string;
    /** This session's id, recorded when it is signed out; see ended-sessions.ts. */
    sessionId?: string;
    /** When the operator signed in (epoch ms), kept across renewals; see session-validity.ts. */
    signedInAt?: number;
    /** How the operator signed in; see access-gate.ts. */
    signInMethod?: "password" | "oidc";
  }
}
