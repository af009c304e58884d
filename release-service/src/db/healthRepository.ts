/**
 * Where the health reports are counted (migration 6, table release_health): per environment,
 * remote, release ('' for the deployed build) and minute, the page views and failures browsers
 * reported. Counts only — no address, no page, nothing that names a visitor. Ephemeral: rows older
 * than the health window are pruned, and db:copy-to-postgres leaves them behind.
 */
import type { ReleaseEnvironment } from 'shared-releases';

export interface HealthSums {
  views: number;
  loadFailures: number;
  renderCrashes: number;
  hydrationErrors: number;
}

export interface HealthCount extends HealthSums {
  environment: ReleaseEnvironment;
  remote: string;
  /** the release's version, '' for the remote's deployed build */
  version: string;
  /** minutes since the Unix epoch */
  minute: number;
}

export interface HealthRepository {
  /** Adds each count to its row (created at zero); one row per key in `counts`. */
  add(counts: readonly HealthCount[]): Promise<void>;
  /** A release's sums over its rows from `sinceMinute` on. */
  sums(environment: ReleaseEnvironment, remote: string, version: string, sinceMinute: number): Promise<HealthSums>;
  /** Drops the rows of minutes before `beforeMinute`. */
  prune(beforeMinute: number): Promise<void>;
}

export const NO_HEALTH: HealthSums = { views: 0, loadFailures: 0, renderCrashes: 0, hydrationErrors: 0 };

/** The sums' select list, both engines (SUM of no rows is NULL). */
export const SUM_COLUMNS = `COALESCE(SUM(views), 0) AS views, COALESCE(SUM(load_failures), 0) AS "loadFailures",
  COALESCE(SUM(render_crashes), 0) AS "renderCrashes", COALESCE(SUM(hydration_errors), 0) AS "hydrationErrors"`;

export const sumsOf = (row: Record<keyof HealthSums, number | string> | undefined): HealthSums =>
  row
    ? {
        views: Number(row.views),
        loadFailures: Number(row.loadFailures),
        renderCrashes: Number(row.renderCrashes),
        hydrationErrors: Number(row.hydrationErrors),
      }
    : NO_HEALTH;
