/**
 * The few expected errors Quiver raises. Each carries a stable `code` so adapters (server
 * actions, route handlers) can map it to a response without inspecting messages. Anything that
 * is not one of these is unexpected: it is logged and shown to operators as a generic message.
 */

/** One problem found in an input: where it is and a sentence an operator can act on. */
export interface ValidationIssue {
  /** Dotted location inside the input, e.g. `request.url` or `parameters.properties.items`. Empty for the whole input. */
  readonly path: string;
  readonly message: string;
}

export class ValidationError extends Error {
  readonly code = "validation_error" as const;
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[]) {
    super(ValidationError.summarise(issues));
    this.name = "ValidationError";
    this.issues = issues;
  }

  private static summarise(issues: readonly ValidationIssue[]): string {
    return issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)).join("; ");
  }
}

export class NotFoundError extends Error {
  readonly code = "not_found" as const;
  constructor(message: string) {
    super(message);
    this.name = "NotFoundError";
  }
}

export class ForbiddenError extends Error {
  readonly code = "forbidden" as const;
  constructor(message = "You do not have permission to do that.") {
    super(message);
    this.name = "ForbiddenError";
  }
}

/** A save based on a stale version, or a uniqueness clash; `message` says what changed. */
export class ConflictError extends Error {
  readonly code = "conflict" as const;
  constructor(message: string) {
    super(message);
    this.name = "ConflictError";
  }
}
