/** The framework-free persona rules (SPEC §4): chains, grants, the tree, tool-name lists. The stored personas are in server/. */
export * from "./chain";
export * from "./grant";
export * from "./tool-names";
export * from "./tree";
