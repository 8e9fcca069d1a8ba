/** The usage page's figures, computed from the call log. */
export * from "./call-log-queries";
export * from "./figures";
export * from "./usage-report";
