/** The framework-free secret rules (SPEC §5): encryption, keyrings, masks, reconciliation, redaction. */
export * from "./binding";
export * from "./encryption";
export * from "./forms";
export * from "./keyring";
export * from "./mask";
export * from "./origin";
export * from "./reconcile";
export * from "./redact";
export * from "./slots";
export * from "./unicode";
