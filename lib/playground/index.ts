/** The playground (SPEC §7): test-fire runs, the run history, saved test cases and their health. */
export * from "./playground";
export * from "./schemas";
export { anyTestCase, listToolsWithTestCases } from "./test-case-queries";
export * from "./test-cases";
