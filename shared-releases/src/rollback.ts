import type { Deployment } from './types';

/**
 * The release a rollback of an environment goes back to: in the order of releases and
 * promotions (rollbacks are no steps of their own), the last one before the live version's that
 * is another version; again from there, further back. Null: nothing before. One rule for the
 * service, which decides, and the admin console, which names the target before asking.
 */
export function rollbackStep(stepsOldestFirst: readonly Deployment[], liveVersion: string): Deployment | null {
  const steps = stepsOldestFirst.filter((step) => step.action !== 'rollback');
  const index = steps.findLastIndex((step) => step.version === liveVersion);
  if (index <= 0) return null;
  return steps.slice(0, index).findLast((step) => step.version !== liveVersion) ?? null;
}
