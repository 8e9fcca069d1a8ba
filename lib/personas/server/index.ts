/** The stored personas: queries, grants and switches, the views pages read, and deletion. */
export * from "./persona-maintenance";
export * from "./persona-matrix";
export * from "./persona-specs";
export * from "./persona-tool-references";
export * from "./persona-tools";
export * from "./persona-view";
export * from "./personas";
