/**
 * `npm run db:move-releases`: the release tables of an article-api database from before the split
 * moved into the release service's own database — published versions, registry lines with their
 * canaries (a withdrawal's figures included), the audit log with its ids and the health counts —
 * verified row for row, then dropped from the source while its articles stay. On both engines
 * (source and target of the project's engine), and a SQLite file from before the canaries.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, runSqliteMigrations } from 'service-kit/sqlite';
import { commandRunner, ENGINE, freshDatabaseEnv, type Send, useTempDir } from 'service-kit/testing';
import type { ReleaseOverview } from 'shared-releases';
import { viewTokenFor } from 'shared-releases/view-token';
import { sqliteMigrations } from '../src/db/sqlite/migrations';
import {
  fakeManifests,
  manifestUrlOf,
  RELEASE_ENV,
  RELEASE_TOKENS,
  releaseVerifyToken,
  remoteManifest,
  writeHeaders,
} from './support/releaseFixtures';
import { asAdmin } from './support/testApp';
import { useAppsPerTest } from './support/useTestApp';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const command = commandRunner(path.join(__dirname, '../src/scripts'));
const startApp = useAppsPerTest();
const workDir = useTempDir('release-service-moves-');
/** A database of the project's engine: a SQLite file in the work folder, or a new PostgreSQL database. */
const database = (name: string) => {
  const env = freshDatabaseEnv(path.join(workDir(), `${name}.sqlite`));
  return { env, location: env.DATABASE_URL ?? env.DATABASE_PATH! };
};

/** The tables an old article-api database holds; the articles must survive the move. */
async function tablesOf(location: string): Promise<string[]> {
  if (ENGINE === 'sqlite') {
    const db = new Database(location, { readonly: true });
    try {
      return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

async function addArticlesTable(location: string): Promise<void> {
  const sql = "CREATE TABLE articles (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO articles VALUES (1, '記事');";
  if (ENGINE === 'sqlite') {
    const db = new Database(location);
    db.exec(sql);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}
async function start(env: Record<string, string>): Promise<Send> {
  return (await startApp({ env: { ...env, RATE_LIMIT_WRITE_MAX: '1000' } })).send;
}

describe('npm run db:move-releases', () => {
  it('moves versions, live lines, canaries, the audit log with its ids and the health counts; drops them from the source', async () => {
    const store = fakeManifests();
    for (const version of ['v1', 'v2', 'v3', 'v4']) {
      store.publish('admin-console', version, remoteManifest('admin_console'));
    }
    // Five failed views (one address's cap) withdraw a canary here, judged alone against a 50-point
    // minimum effect: the copy carries a withdrawal's figures too.
    const rules = { HEALTH_MIN_CANARY_VIEWS: '5', HEALTH_MIN_EFFECT: '0.5' };
    const startWithReleases = async (env: Record<string, string>) =>
      (
        await startApp({
          env: Object.assign({ RATE_LIMIT_WRITE_MAX: '1000' }, rules, RELEASE_ENV, env),
          verifyToken: releaseVerifyToken,
          fetchManifest: store.fetchManifest,
        })
      ).send;
    // The old article-api database: the release tables (the same shapes its migrations 5 and 6
    // made) beside its articles.
    const source = database('article-api');
    const before = await startWithReleases(source.env);
    const post = (send: Send, url: string, payload: object, token: string = RELEASE_TOKENS.admin) =>
      send({ method: 'POST', url: `/api/releases/admin_console/${url}`, headers: writeHeaders(token), payload });
    await post(before, 'staging', { version: 'v1', sourceCommit: 'abc1234' });
    await post(before, 'production/promote', { version: 'v1' });
    await post(before, 'staging', { version: 'v2' });
    // Refused, audited: one line counting the attempts of the minute (or two, were a minute to turn).
    for (let i = 0; i < 3; i += 1) await post(before, 'production', { version: 'v9' }, RELEASE_TOKENS.publicTeam);
    await post(before, 'staging', { version: 'v3', canaryPercent: 10 });
    const failed = { remote: 'admin_console', manifest: manifestUrlOf('admin-console', 'v3'), views: 5 };
    const health = await before({
      method: 'POST',
      url: '/api/health',
      payload: {
        environment: 'staging',
        token: viewTokenFor([failed]),
        entries: [Object.assign({ loadFailures: 5, renderCrashes: 0, hydrationErrors: 0 }, failed)],
      },
    });
    expect(health.statusCode).toBe(202);
    await post(before, 'production', { version: 'v4', canaryPercent: 20 });
    /** What the service shows, health counts included. */
    const views = async (send: Send) => {
      const overview = (await send({ url: '/api/releases', headers: asAdmin })).json<ReleaseOverview>();
      // A running canary's decision is as of now: its seconds since the start move with the clock.
      for (const environment of overview.remotes.flatMap((remote) => Object.values(remote.environments))) {
        if (environment.health.decision) environment.health.decision.secondsAfterStart = 0;
      }
      return {
        overview,
        audit: (await send({ url: '/api/releases/audit', headers: asAdmin })).json(),
        staging: (await send({ url: '/api/registry/staging' })).json<{ lines: object }>().lines,
        production: (await send({ url: '/api/registry/production' })).json<{ canaries: object }>().canaries,
      };
    };
    const expected = await views(before);
    const refused = (expected.audit as { entries: { outcome: string; attempts: number }[] }).entries.filter(
      (entry) => entry.outcome === 'forbidden',
    );
    expect(refused.reduce((sum, entry) => sum + entry.attempts, 0)).toBe(3);
    const staging = expected.overview.remotes.find((remote) => remote.remote === 'admin_console')!.environments.staging;
    expect(staging.canary).toMatchObject({
      version: 'v3',
      status: 'withdrawn',
      withdrawn: { decision: { minCanaryViews: 5, outcome: 'withdraw' } },
    });
    expect(expected.production).toEqual({
      admin_console: { manifestUrl: manifestUrlOf('admin-console', 'v4'), percent: 20 },
    });

    await addArticlesTable(source.location);
    const target = database('release-service');
    const move = await command('moveReleases.ts', {}, ['--from', source.location, '--to', target.location]);
    expect(move.output).toMatch(
      /4 published versions, 2 registry lines, [78] audit lines \(ids kept\), [1-9]\d* health minutes, [1-9]\d* stored outcomes, [12] summed refusal minutes/,
    );
    expect(move.code).toBe(0);
    const after = await startWithReleases(target.env);
    expect(await views(after)).toEqual(expected);
    // The source keeps its articles and loses its release tables.
    const left = await tablesOf(source.location);
    expect(left).toContain('articles');
    expect(left.filter((table) => /release|registry/.test(table) && !table.endsWith('schema_migrations'))).toEqual([]);
    // Moved once: a second run finds nothing to move.
    const again = await command('moveReleases.ts', {}, ['--from', source.location, '--to', target.location]);
    expect(again).toMatchObject({ code: 1 });
    expect(again.output).toContain('holds no release tables');
    // The audit's ids go on after the copied ones.
    expect((await post(after, 'production/canary/abort', { expectedCanary: 'v4' })).statusCode).toBe(200);
    const [newest] = (await after({ url: '/api/releases/audit', headers: asAdmin })).json<{
      entries: { id: number }[];
    }>().entries;
    expect(newest!.id).toBe(refused.length === 1 ? 8 : 9);
  });

  it('moves a SQLite file from before canaries (migration 5): its lines, with no canary', async () => {
    const file = path.join(workDir(), 'before-canaries.sqlite');
    const db = openDatabase(file);
    runSqliteMigrations(db, {
      list: sqliteMigrations.filter((migration) => migration.version === 1),
      context: undefined,
    });
    const url = manifestUrlOf('admin-console', 'v1');
    db.exec(`INSERT INTO release_versions (remote, version, manifest_url) VALUES ('admin_console', 'v1', '${url}');
             INSERT INTO registry_lines (environment, remote, version, manifest_url) VALUES ('staging', 'admin_console', 'v1', '${url}');
             INSERT INTO release_audit (action, outcome, remote, environment, version, manifest_url)
               VALUES ('release', 'done', 'admin_console', 'staging', 'v1', '${url}');`);
    db.close();
    const target = database('target');
    const move = await command('moveReleases.ts', {}, ['--from', file, '--to', target.location]);
    expect(move.output).toContain(
      '1 published versions, 1 registry lines, 1 audit lines (ids kept), 0 health minutes, 0 stored outcomes, 0 summed refusal minutes',
    );
    const send = await start(target.env);
    expect((await send({ url: '/api/registry/staging' })).json()).toMatchObject({
      lines: { admin_console: url },
      canaries: {},
    });
    const [line] = (await send({ url: '/api/releases/audit', headers: asAdmin })).json<{ entries: object[] }>().entries;
    expect(line).toMatchObject({ action: 'release', version: 'v1', canaryPercent: null, decision: null });
  });

  it('refuses a target that already holds releases, and a source without release tables, changing nothing', async () => {
    const empty = path.join(workDir(), 'no-releases.sqlite');
    new Database(empty).close();
    const target = database('target');
    const refused = await command('moveReleases.ts', {}, ['--from', empty, '--to', target.location]);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.output).toContain('holds no release tables: nothing to move');
    expect((await command('moveReleases.ts', {}, [])).output).toContain('--from');
  });
});
