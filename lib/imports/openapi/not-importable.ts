/**
 * Why an operation cannot become a tool. Thrown by the mapping rules and caught per operation, so
 * one operation's problem never stops the others; the message is shown to the operator as is.
 */
export class NotImportable extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "NotImportable";
  }
}

/** A plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
