/**
 * `npm run db:copy-to-postgres`, the release registry's part (PostgreSQL project): published
 * versions, registry lines with their canaries (a withdrawal's figures included) and the audit log
 * with its ids, verified row for row; the health counts stay behind. Also a SQLite file from before
 * the canaries (migration 5).
 */
import path from 'node:path';
import type { ReleaseOverview } from 'shared-releases';
import { openDatabase } from '../src/db/sqlite/database';
import { migrate, migrations as sqliteMigrations } from '../src/db/sqlite/migrations';
import { createPostgresDatabase, describeOn } from './support/engine';
import type { Send } from './support/http';
import { command, useTempDir } from './support/maintenance';
import {
  fakeManifests,
  manifestUrlOf,
  RELEASE_ENV,
  RELEASE_TOKENS,
  releaseVerifyToken,
  remoteManifest,
} from './support/releaseFixtures';
import { asAdmin, bearer } from './support/testApp';
import { useAppsPerTest } from './support/useTestApp';

jest.setTimeout(60_000);

const startApp = useAppsPerTest();
const workDir = useTempDir('article-api-release-moves-');
async function start(env: Record<string, string>): Promise<Send> {
  return (await startApp({ env: { ...env, RATE_LIMIT_WRITE_MAX: '1000' } })).send;
}

describeOn('postgres')('npm run db:copy-to-postgres: the release registry', () => {
  it('copies the release registry too: versions, live lines, canaries and the audit log with its ids', async () => {
    const store = fakeManifests();
    for (const version of ['v1', 'v2', 'v3', 'v4']) {
      store.publish('admin-console', version, remoteManifest('admin_console'));
    }
    // Two failed views withdraw a canary here: the copy carries a withdrawal's figures too.
    const startWithReleases = async (env: Record<string, string>) =>
      (
        await startApp({
          env: Object.assign({ RATE_LIMIT_WRITE_MAX: '1000', HEALTH_MIN_CANARY_VIEWS: '2' }, RELEASE_ENV, env),
          verifyToken: releaseVerifyToken,
          fetchManifest: store.fetchManifest,
        })
      ).send;
    const source = { DATABASE_PATH: path.join(workDir(), 'releases.sqlite') };
    const before = await startWithReleases(source);
    const post = (send: Send, url: string, payload: object, token: string = RELEASE_TOKENS.admin) =>
      send({ method: 'POST', url: `/api/releases/admin_console/${url}`, headers: bearer(token), payload });
    await post(before, 'staging', { version: 'v1', sourceCommit: 'abc1234' });
    await post(before, 'production/promote', { version: 'v1' });
    await post(before, 'staging', { version: 'v2' });
    // Refused, audited: one line counting the attempts of the minute (or two, were a minute to turn).
    for (let i = 0; i < 3; i += 1) await post(before, 'production', { version: 'v9' }, RELEASE_TOKENS.publicTeam);
    await post(before, 'staging', { version: 'v3', canaryPercent: 10 });
    const failed = { remote: 'admin_console', manifest: manifestUrlOf('admin-console', 'v3'), views: 2 };
    const health = await before({
      method: 'POST',
      url: '/api/health',
      payload: {
        environment: 'staging',
        entries: [Object.assign({ loadFailures: 2, renderCrashes: 0, hydrationErrors: 0 }, failed)],
      },
    });
    expect(health.statusCode).toBe(202);
    await post(before, 'production', { version: 'v4', canaryPercent: 20 });
    /** What the service shows, without the health counts: those stay behind (ephemeral). */
    const views = async (send: Send) => {
      const overview = (await send({ url: '/api/releases', headers: asAdmin })).json<ReleaseOverview>();
      for (const remote of overview.remotes) {
        for (const environment of Object.values(remote.environments)) Reflect.deleteProperty(environment, 'health');
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
      withdrawn: { decision: { minCanaryViews: 2 } },
    });
    expect(expected.production).toEqual({
      admin_console: { manifestUrl: manifestUrlOf('admin-console', 'v4'), percent: 20 },
    });

    const target = createPostgresDatabase();
    const copy = await command('copySqliteToPostgres.ts', {}, ['--from', source.DATABASE_PATH, '--to', target]);
    expect(copy.output).toMatch(/release registry: 4 published versions, 2 live lines, [78] audit lines/);
    const after = await startWithReleases({ DATABASE_URL: target });
    expect(await views(after)).toEqual(expected);
    const copied = (await after({ url: '/api/releases', headers: asAdmin })).json<ReleaseOverview>();
    expect(
      copied.remotes.find((remote) => remote.remote === 'admin_console')!.environments.staging.health.canary,
    ).toMatchObject({
      views: 0,
    });
    // The audit's ids go on after the copied ones.
    await post(after, 'production/canary/abort', {});
    const [newest] = (await after({ url: '/api/releases/audit', headers: asAdmin })).json<{
      entries: { id: number }[];
    }>().entries;
    expect(newest!.id).toBe(refused.length === 1 ? 8 : 9);
  });

  it('copies a SQLite file from before canaries (migration 5): its lines, with no canary', async () => {
    const file = path.join(workDir(), 'before-canaries.sqlite');
    const db = openDatabase(file);
    migrate(
      db,
      { seed: false },
      sqliteMigrations.filter((migration) => migration.version <= 5),
    );
    const url = manifestUrlOf('admin-console', 'v1');
    db.exec(`INSERT INTO release_versions (remote, version, manifest_url) VALUES ('admin_console', 'v1', '${url}');
             INSERT INTO registry_lines (environment, remote, version, manifest_url) VALUES ('staging', 'admin_console', 'v1', '${url}');
             INSERT INTO release_audit (action, outcome, remote, environment, version, manifest_url)
               VALUES ('release', 'done', 'admin_console', 'staging', 'v1', '${url}');`);
    db.close();
    const target = createPostgresDatabase();
    const copy = await command('copySqliteToPostgres.ts', {}, ['--from', file, '--to', target]);
    expect(copy.output).toContain('release registry: 1 published versions, 1 live lines, 1 audit lines');
    const send = await start({ DATABASE_URL: target });
    expect((await send({ url: '/api/registry/staging' })).json()).toMatchObject({
      lines: { admin_console: url },
      canaries: {},
    });
    const [line] = (await send({ url: '/api/releases/audit', headers: asAdmin })).json<{ entries: object[] }>().entries;
    expect(line).toMatchObject({ action: 'release', version: 'v1', canaryPercent: null, decision: null });
  });
});
