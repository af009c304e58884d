// One write to the release service that survives a lost answer (docs/releasing.md, "Operation
// ids"): the command picks one operation id and sends it with every try. After a timeout, a network
// error or a 5xx, nothing is known (the service may have committed and the answer been lost on the
// way), so the CLI asks the service for that operation's outcome: a stored one is the answer; none
// stored ("unknown") means nothing was decided, and the same request goes again with the same id,
// a bounded number of times with back-off. Only a decided outcome is acted on.
import { randomUUID } from 'node:crypto';
import { type OperationOutcome, type ReleaseClient, ReleaseApiError } from 'shared-releases';
import { ReleaseError } from './errors';

/** How often a write is sent at most, and the first wait between tries (doubled each time). */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
}

/** RELEASE_RETRY_ATTEMPTS (default 4) and RELEASE_RETRY_DELAY_MS (default 1000; tests make it short). */
export function retryPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): RetryPolicy {
  const number = (value: string | undefined, fallback: number) =>
    value !== undefined && /^\d+$/.test(value) ? Number(value) : fallback;
  return {
    attempts: Math.max(1, number(env.RELEASE_RETRY_ATTEMPTS, 4)),
    baseDelayMs: number(env.RELEASE_RETRY_DELAY_MS, 1000),
  };
}

/** The outcome is still unknown after every try: nothing may be undone on a guess. */
export class OutcomeUnknownError extends ReleaseError {
  constructor(readonly operationId: string) {
    super(
      `リリースサービスからこの操作 (ID ${operationId}) の結果を得られませんでした。実行されたかどうか分からないため、公開したフォルダは残しています。` +
        '`npm run releases` で状態を確認してください (不要なら `npm run releases -- --prune` が後で片付けます)。',
    );
    this.name = 'OutcomeUnknownError';
  }
}

/** No answer (status 0: timeout, network) or a 5xx: the service may or may not have acted. */
export const isUndecided = (error: unknown): boolean =>
  error instanceof ReleaseApiError && (error.status === 0 || error.status >= 500);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stored outcome as the call would have answered: its body, or its refusal thrown. */
function answerOf<T>(outcome: OperationOutcome): T {
  if (outcome.status >= 200 && outcome.status < 300) return outcome.body as T;
  const { error, problems } = (outcome.body ?? {}) as { error?: unknown; problems?: unknown };
  throw new ReleaseApiError(
    typeof error === 'string' ? error : `HTTP ${outcome.status}`,
    outcome.status,
    Array.isArray(problems) ? problems.filter((p): p is string => typeof p === 'string') : [],
    outcome.body,
  );
}

/** The outcome under `id`, asked until an answer comes (a stored outcome, or "unknown": null). */
async function askOutcome(
  client: ReleaseClient,
  id: string,
  policy: RetryPolicy,
): Promise<OperationOutcome | null | undefined> {
  for (let attempt = 0; attempt < policy.attempts; attempt += 1) {
    try {
      return await client.operation(id);
    } catch (error) {
      if (!isUndecided(error)) throw error;
      await sleep(policy.baseDelayMs * 2 ** attempt);
    }
  }
  return undefined; // the service did not answer at all
}

/**
 * Sends `write(id)` until its outcome is decided: answered, or read back from the service after a
 * lost answer. Throws the refusal (a ReleaseApiError the service decided) or OutcomeUnknownError.
 */
export async function decidedWrite<T>(
  client: ReleaseClient,
  write: (operationId: string) => Promise<T>,
  policy: RetryPolicy = retryPolicyFromEnv(),
  operationId: string = randomUUID(),
): Promise<T> {
  for (let attempt = 0; attempt < policy.attempts; attempt += 1) {
    if (attempt > 0) await sleep(policy.baseDelayMs * 2 ** (attempt - 1));
    try {
      return await write(operationId);
    } catch (error) {
      if (!isUndecided(error)) throw error;
    }
    const outcome = await askOutcome(client, operationId, policy);
    if (outcome) return answerOf<T>(outcome);
    // null: nothing was decided under this id, so the same request goes again with the same id;
    // undefined: the question went unanswered too, so it is tried again while tries are left.
  }
  throw new OutcomeUnknownError(operationId);
}
