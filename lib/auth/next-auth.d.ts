import "next-auth";
import "next-auth/jwt";

declare module "next-auth" {
  interface Session {
    user?: { id?: string; name?: string | null; email?: string | null; image?: string | null };
    /** When the operator signed in (epoch ms); see session-validity.ts. */
    signedInAt?: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    operatorId?: string;
    /** When the operator signed in (epoch ms), kept across renewals; see session-validity.ts. */
    signedInAt?: number;
  }
}
