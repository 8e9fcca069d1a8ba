/**
 * The Next.js side of operators' sessions: next-auth's options, the operator behind the current
 * request, and the authorization boundary every action, page and route handler passes through
 * (requireRole, requirePageOperator, requireOwnAccount).
 */
export * from "./current-operator";
export { getAuthOptions } from "./options";
