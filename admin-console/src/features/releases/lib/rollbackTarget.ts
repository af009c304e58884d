import type { EnvironmentReleases } from 'shared-releases';

/**
 * The version a rollback of this environment would go back to, by the service's rule
 * (article-api releaseService.rollback): in the order of releases and promotions (rollbacks are
 * no steps of their own), the last one before the live version's that is another version. Null:
 * nothing before, or nothing live from the store. The service decides again; the page only names it.
 */
export function rollbackTarget({ live, history }: EnvironmentReleases): string | null {
  if (!live) return null;
  const steps = [...history].reverse().filter((step) => step.action !== 'rollback');
  const index = steps.findLastIndex((step) => step.version === live.version);
  if (index <= 0) return null;
  return steps.slice(0, index).findLast((step) => step.version !== live.version)?.version ?? null;
}
