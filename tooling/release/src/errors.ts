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
