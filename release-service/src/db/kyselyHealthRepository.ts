/**
 * Health counts and view tokens, written once for both engines with Kysely (healthRepository.ts
 * says what each call promises). A report's tokens, and its counts, are each one upsert statement:
 * each row is locked (PostgreSQL) or the connection held (SQLite) while its new value is computed,
 * so two instances taking from one token never both get its views.
 */
import { type Kysely, sql } from 'kysely';
import { firstTake, type HealthRepository, sumsOf } from './healthRepository';
import type { ReleaseEngine, ReleaseTables } from './releaseDatabase';

/** A column of the row the upsert found (in ON CONFLICT … DO UPDATE, `excluded` is the one offered). */
const old = (column: 'views' | 'failures') => sql.ref<number>(`release_health_tokens.${column}`);
const offered = (column: string) => sql.ref<number>(`excluded.${column}`);

/**
 * The token row's new values from its old ones, `cap` the views a token may count in all: the views
 * it has left, and no more failures than this report's views counted — so once a token's views are
 * used up, a replay of it counts nothing, failures included (the shell never sends a failure
 * without its view: healthReports.ts). `taken_*` record what this report got: RETURNING gives only
 * the new row.
 */
function takeFromToken(engine: ReleaseEngine, cap: number) {
  const views = engine.least(sql<number>`CAST(${cap} AS integer)`, sql<number>`${old('views')} + ${offered('views')}`);
  const takenViews = sql<number>`${views} - ${old('views')}`;
  const failures = engine.least(takenViews, offered('failures'));
  return {
    views,
    failures: sql<number>`${old('failures')} + ${failures}`,
    taken_views: takenViews,
    taken_failures: failures,
  };
}

/** A column's sum over the rows (SUM of no rows is NULL). */
const total = (column: string) => sql<number | string>`COALESCE(SUM(${sql.ref(column)}), 0)`;

export function createHealthRepository(kysely: Kysely<ReleaseTables>, engine: ReleaseEngine): HealthRepository {
  return {
    async takeTokens(uses, cap) {
      if (uses.length === 0) return [];
      const rows = await kysely
        .insertInto('release_health_tokens')
        .values(
          uses.map((use) => {
            const first = firstTake(use, cap);
            return {
              token: first.token,
              remote: first.remote,
              expires_minute: first.expiresMinute,
              views: first.views,
              failures: first.failures,
              taken_views: first.views,
              taken_failures: first.failures,
            };
          }),
        )
        .onConflict((conflict) => conflict.columns(['token', 'remote']).doUpdateSet(takeFromToken(engine, cap)))
        .returning(['token', 'remote', 'taken_views as views', 'taken_failures as failures'])
        .execute();
      // RETURNING promises no order: each use finds its own row.
      const taken = new Map(rows.map((row) => [`${row.token}\n${row.remote}`, row]));
      return uses.map((use) => {
        const row = taken.get(`${use.token}\n${use.remote}`);
        return { views: row?.views ?? 0, failures: row?.failures ?? 0 };
      });
    },
    async add(counts) {
      if (counts.length === 0) return;
      // The keys in one order, so that two reports upserting the same rows lock them in the same order.
      const key = (count: (typeof counts)[number]) =>
        `${count.environment}\n${count.remote}\n${count.version}\n${count.minute}`;
      const sorted = [...counts].sort((a, b) => key(a).localeCompare(key(b)));
      const added = (column: 'views' | 'load_failures' | 'render_crashes' | 'hydration_errors') =>
        sql<number>`${sql.ref(`release_health.${column}`)} + ${offered(column)}`;
      await kysely
        .insertInto('release_health')
        .values(
          sorted.map((count) => ({
            environment: count.environment,
            remote: count.remote,
            version: count.version,
            minute: count.minute,
            views: count.views,
            load_failures: count.loadFailures,
            render_crashes: count.renderCrashes,
            hydration_errors: count.hydrationErrors,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['environment', 'remote', 'version', 'minute']).doUpdateSet({
            views: added('views'),
            load_failures: added('load_failures'),
            render_crashes: added('render_crashes'),
            hydration_errors: added('hydration_errors'),
          }),
        )
        .execute();
    },
    async sums(environment, remote, version, sinceMinute) {
      const row = await kysely
        .selectFrom('release_health')
        .select([
          total('views').as('views'),
          total('load_failures').as('loadFailures'),
          total('render_crashes').as('renderCrashes'),
          total('hydration_errors').as('hydrationErrors'),
        ])
        .where('environment', '=', environment)
        .where('remote', '=', remote)
        .where('version', '=', version)
        .where('minute', '>=', sinceMinute)
        .executeTakeFirst();
      return sumsOf(row);
    },
    async prune(beforeMinute, nowMinute) {
      await kysely.deleteFrom('release_health').where('minute', '<', beforeMinute).execute();
      await kysely.deleteFrom('release_health_tokens').where('expires_minute', '<=', nowMinute).execute();
    },
  };
}
