/** A refusal the CLI prints as it is (a Japanese sentence), exiting 1: never a stack trace. */
export class ReleaseError extends Error {
  constructor(
    message: string,
    /** The gate's problems, when it refused. */
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ReleaseError';
  }
}

/**
 * A command typed wrong (an unknown option, remote or environment, a missing or malformed
 * argument): printed like a refusal but exiting 2, so that a script can tell "fix the command"
 * from "the service said no" (exit 1) without reading the sentence.
 */
export class UsageError extends ReleaseError {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
