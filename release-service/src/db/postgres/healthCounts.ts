/**
 * A round of health reports in one statement on PostgreSQL (HealthRepository.takeAndCount): the
 * tokens' upsert and the counts' upsert as one data-modifying CTE, the counts computed in the
 * database from what the token upsert returned. One round trip and one wake-up of a backend per
 * round instead of two: on a machine whose cores are shared, every wait for PostgreSQL is also a
 * wait for a core, twice (the backend, then the instance), and that wait is most of a report's tail
 * (docs/performance.md, "Health reports"). The same rules as the two statements in turn
 * (kyselyHealthRepository.ts): the token's allowance by takeFromToken, the failures split by kind
 * as splitFailures does, nothing added for a use that got nothing; rows locked in key order, tokens
 * before counts, so two instances' rounds never wait on each other in a cycle.
 */
import { type Kysely, sql } from 'kysely';
import { type CountedUse, firstTake, type HealthRepository, takenInOrder, type TokenTaken } from '../healthRepository';
import { takeFromToken } from '../kyselyHealthRepository';
import type { ReleaseEngine, ReleaseTables } from '../releaseDatabase';

/** Each column of `uses` as one array parameter: one statement text whatever the round's size. */
function columnsOf(uses: readonly CountedUse[], cap: number) {
  const firsts = uses.map((use) => firstTake(use, cap));
  const column = <T>(of: (use: CountedUse, index: number) => T) => uses.map(of);
  return {
    tokens: column((use) => use.token),
    remotes: column((use) => use.remote),
    expires: column((use) => use.expiresMinute),
    views: column((_, index) => firsts[index]!.views),
    failures: column((_, index) => firsts[index]!.failures),
    environments: column((use) => use.environment),
    versions: column((use) => use.version),
    minutes: column((use) => use.minute),
    loads: column((use) => use.loadFailures),
    renders: column((use) => use.renderCrashes),
    hydrations: column((use) => use.hydrationErrors),
  };
}

/** `repository` with takeAndCount as one statement. */
export function withCountsInOneStatement(
  repository: HealthRepository,
  kysely: Kysely<ReleaseTables>,
  engine: ReleaseEngine,
): HealthRepository {
  const takeAndCount = async (uses: readonly CountedUse[], cap: number): Promise<TokenTaken[]> => {
    if (uses.length === 0) return [];
    const c = columnsOf(uses, cap);
    const taking = Object.entries(takeFromToken(engine, cap)).map(
      ([column, value]) => sql`${sql.ref(column)} = ${value}`,
    );
    const added = (column: string) =>
      sql`${sql.ref(column)} = ${sql.ref(`release_health.${column}`)} + ${sql.ref(`excluded.${column}`)}`;
    const { rows } = await sql<{ token: string; remote: string; views: number; failures: number }>`
      WITH u AS (
        SELECT * FROM unnest(${c.tokens}::text[], ${c.remotes}::text[], ${c.expires}::int[], ${c.views}::int[],
          ${c.failures}::int[], ${c.environments}::text[], ${c.versions}::text[], ${c.minutes}::int[],
          ${c.loads}::int[], ${c.renders}::int[], ${c.hydrations}::int[])
        AS u (token, remote, expires_minute, views, failures, environment, version, minute,
          load_failures, render_crashes, hydration_errors)
      ), taken AS (
        INSERT INTO release_health_tokens (token, remote, expires_minute, views, failures, taken_views, taken_failures)
        SELECT token, remote, expires_minute, views, failures, views, failures FROM u ORDER BY token, remote
        ON CONFLICT (token, remote) DO UPDATE SET ${sql.join(taking)}
        RETURNING token, remote, taken_views, taken_failures
      ), got AS (
        SELECT u.environment, u.remote, u.version, u.minute, t.taken_views AS views, t.taken_failures AS failures,
          LEAST(u.load_failures, t.taken_failures) AS load_failures, u.render_crashes, u.hydration_errors
        FROM u JOIN taken AS t ON t.token = u.token AND t.remote = u.remote
        WHERE t.taken_views > 0 OR t.taken_failures > 0
      ), split AS (
        SELECT environment, remote, version, minute, views, failures, load_failures,
          LEAST(render_crashes, failures - load_failures) AS render_crashes, hydration_errors
        FROM got
      ), counted AS (
        INSERT INTO release_health (environment, remote, version, minute, views, load_failures, render_crashes,
          hydration_errors)
        SELECT environment, remote, version, minute, SUM(views), SUM(load_failures), SUM(render_crashes),
          SUM(LEAST(hydration_errors, failures - load_failures - render_crashes))
        FROM split GROUP BY environment, remote, version, minute ORDER BY environment, remote, version, minute
        ON CONFLICT (environment, remote, version, minute) DO UPDATE SET ${sql.join(
          ['views', 'load_failures', 'render_crashes', 'hydration_errors'].map(added),
        )}
      )
      SELECT token, remote, taken_views AS views, taken_failures AS failures FROM taken`.execute(kysely);
    return takenInOrder(uses, rows);
  };
  return Object.assign({}, repository, { takeAndCount });
}
