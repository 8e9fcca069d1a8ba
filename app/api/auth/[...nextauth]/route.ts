import NextAuth from "next-auth";
import { getAuthOptions } from "@/lib/operators/session";

const handler = NextAuth(getAuthOptions());

export { handler as GET, handler as POST };
