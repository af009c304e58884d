/**
 * Stored outcomes are kept for RELEASE_OUTCOME_RETENTION_DAYS (default 7) and then deleted
 * (src/releases/outcomeRetention.ts): pruned when the service starts and once an hour. Within the
 * retention a retry answers its first outcome; past it the id is unknown, and the audit line and
 * the registry stay as they were. Runs on both engines, two starts of the service on one database.
 */
import path from 'node:path';
import type { RegistryDocument } from 'shared-releases';
import { freshDatabaseEnv, useTempDir } from 'service-kit/testing';
import {
  fakeManifests,
  RELEASE_ENV,
  RELEASE_TOKENS as T,
  releaseVerifyToken,
  remoteManifest,
  writeHeaders,
} from './support/releaseFixtures';
import { bearer } from './support/testApp';
import { useAppsPerTest } from './support/useTestApp';

const DAY_MS = 24 * 60 * 60 * 1000;
const KEY = 'op-retention-0123456789abcdef';
const store = fakeManifests();
const startApp = useAppsPerTest();
const workDir = useTempDir('release-outcomes-');

beforeAll(() => store.publish('admin-console', 'v1', remoteManifest('admin_console')));

/** The service on `env`'s database with its clock `daysLater` days ahead of now. */
const serviceAt = (env: Record<string, string>, daysLater: number, extra: Record<string, string> = {}) =>
  startApp({
    verifyToken: releaseVerifyToken,
    fetchManifest: store.fetchManifest,
    env: { ...RELEASE_ENV, ...env, ...extra },
    clock: () => Date.now() + daysLater * DAY_MS,
  });

async function releasedOnce(env: Record<string, string>) {
  const { send, app } = await serviceAt(env, 0);
  const first = await send({
    method: 'POST',
    url: '/api/releases/admin_console/production',
    headers: writeHeaders(T.admin, KEY),
    payload: { version: 'v1' },
  });
  expect(first.statusCode).toBe(201);
  await app.close();
  return first.json<unknown>();
}

const outcomeStatus = async (send: Awaited<ReturnType<typeof startApp>>['send']) =>
  (await send({ url: `/api/releases/operations/${KEY}`, headers: bearer(T.admin) })).statusCode;

it('within the retention, a restarted service still answers the first outcome of an id', async () => {
  const env = freshDatabaseEnv(path.join(workDir(), 'within.sqlite'));
  const first = await releasedOnce(env);
  const { send } = await serviceAt(env, 6);
  expect(await outcomeStatus(send)).toBe(200);
  const replay = await send({
    method: 'POST',
    url: '/api/releases/admin_console/production',
    headers: writeHeaders(T.admin, KEY),
    payload: { version: 'v1' },
  });
  expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.json()]).toEqual([201, 'true', first]);
});

it('past the retention the outcome is deleted when the service starts; the audit line and the registry stay', async () => {
  const env = freshDatabaseEnv(path.join(workDir(), 'past.sqlite'));
  await releasedOnce(env);
  const { send } = await serviceAt(env, 8); // listening: ready, so pruned
  expect(await outcomeStatus(send)).toBe(404);
  const audit = await send({ url: '/api/releases/audit', headers: bearer(T.admin) });
  expect(audit.json<{ entries: { version: string; outcome: string }[] }>().entries).toEqual([
    expect.objectContaining({ version: 'v1', outcome: 'done' }),
  ]);
  const registry = (await send({ url: '/api/registry/production' })).json<RegistryDocument>();
  expect(registry.lines.admin_console).toMatch(/admin-console\/v1\/mf-manifest\.json$/);
});

it('RELEASE_OUTCOME_RETENTION_DAYS sets how long: 30 days keeps an 8-day-old outcome', async () => {
  const env = freshDatabaseEnv(path.join(workDir(), 'longer.sqlite'));
  await releasedOnce(env);
  const { send } = await serviceAt(env, 8, { RELEASE_OUTCOME_RETENTION_DAYS: '30' });
  expect(await outcomeStatus(send)).toBe(200);
});
