/** The audit trail (SPEC §6): events, how a change is described, and the audit log's reads and writes. */
export * from "./audit-log";
export * from "./describe-change";
export * from "./events";
