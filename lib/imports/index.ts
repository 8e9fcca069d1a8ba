/** Importing tools (JSON exports, OpenAPI, curl): what other domains use of it. Pages and components use actions.ts. */
export * from "./curl-drafts";
