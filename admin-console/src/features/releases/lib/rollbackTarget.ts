import { type EnvironmentReleases, rollbackStep } from 'shared-releases';

/**
 * The version a rollback of this environment would go back to (shared-releases' rollbackStep,
 * the service's own rule), or null: nothing before, or nothing live from the store. The service
 * decides again; the page only names it.
 */
export function rollbackTarget({ live, history }: Pick<EnvironmentReleases, 'live' | 'history'>): string | null {
  if (!live) return null;
  return rollbackStep([...history].reverse(), live.version)?.version ?? null;
}
