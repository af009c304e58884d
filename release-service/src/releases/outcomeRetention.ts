/**
 * Stored outcomes (docs/releasing.md, "Operation ids") are kept for RELEASE_OUTCOME_RETENTION_DAYS
 * and then deleted: a retry comes within seconds or minutes, and the table would otherwise grow
 * with every write for ever. Pruned as the service gets ready and then once an hour; every instance
 * does it (a DELETE by age, indexed by release_operations_by_age, is harmless twice).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ReleaseRepository } from '../db/releaseRepository';

const DAY_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface OutcomeRetention {
  /** The first prune (awaited; a failure is logged, never fatal), then one an hour. */
  start(): Promise<void>;
  stop(): void;
}

export function keepOutcomes(
  repo: Pick<ReleaseRepository, 'pruneOperations'>,
  { retentionDays, clock = Date.now, log }: { retentionDays: number; clock?: () => number; log: FastifyBaseLogger },
): OutcomeRetention {
  let timer: NodeJS.Timeout | undefined;
  // A failed prune (the database away for a moment) is logged and tried again in an hour: it never
  // keeps the service from starting nor stops it.
  const prune = () =>
    repo.pruneOperations(new Date(clock() - retentionDays * DAY_MS)).then(
      (deleted) => {
        if (deleted > 0) log.info({ deleted }, 'stored release outcomes past their retention deleted');
      },
      (error: unknown) => log.warn({ err: error }, 'stored release outcomes could not be pruned; next try in an hour'),
    );
  return {
    async start() {
      await prune();
      timer = setInterval(() => void prune(), PRUNE_EVERY_MS);
      timer.unref();
    },
    stop: () => clearInterval(timer),
  };
}
