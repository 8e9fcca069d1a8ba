/** Configuration read from the environment, the start-up check, and the seed (first admin, examples). */
export * from "./configuration";
export * from "./seed";
export * from "./startup";
export * from "./getting-started";
