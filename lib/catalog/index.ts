/**
 * The tool catalog: the tools operators author, as stored — reads, saves (stale-version refusal,
 * secret planning, rename propagation), revisions, listing and export. Other domains and pages come
 * in here; components get its actions from actions.ts.
 */
export * from "./catalog-stamp";
export * from "./schemas";
export * from "./tool-catalog";
export * from "./tool-credentials";
export * from "./tool-export";
export * from "./tool-list-sql";
export * from "./tool-list";
export * from "./tool-revisions";
export * from "./tool-saves";
export * from "./tool-secrets";
export * from "./tools";
