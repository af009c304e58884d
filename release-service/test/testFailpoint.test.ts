/**
 * The test-only failpoint (src/testFailpoint.ts): refused in a production configuration, and, when
 * set, fired exactly after a release write committed (a change, a 409, a gate's 422) — never on a
 * read, a malformed request or a health report. The kill is replaced by a counter here; the fault
 * tests (tooling/release/test/faults.sigkill.test.ts) run the real SIGKILL.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuditPage, RegistryDocument } from 'shared-releases';
import { viewTokenFor } from 'shared-releases/view-token';
import { ConfigError, loadConfig } from '../src/config';
import { registerTestFailpoint } from '../src/testFailpoint';
import { listen, type Send } from 'service-kit/testing';
import {
  fakeManifests,
  manifestUrlOf,
  RELEASE_ENV,
  RELEASE_TOKENS as T,
  releaseVerifyToken,
  remoteManifest,
} from './support/releaseFixtures';
import { bearer, buildTestApp } from './support/testApp';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

describe('TEST_FAILPOINT in the configuration', () => {
  it('is off unless set', () => {
    expect(loadConfig(EMULATOR).testFailpoint).toBeNull();
    expect(loadConfig({ ...EMULATOR, TEST_FAILPOINT: 'kill-after-flip-commit' }).testFailpoint).toBe(
      'kill-after-flip-commit',
    );
  });

  it('is refused with NODE_ENV=production and when it names no failpoint', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
      }
      return [];
    };
    expect(
      problems({
        FIREBASE_PROJECT_ID: 'ai-manabi-prod',
        NODE_ENV: 'production',
        TEST_FAILPOINT: 'kill-after-flip-commit',
      }),
    ).toEqual([expect.stringContaining('TEST_FAILPOINT is set while NODE_ENV=production')]);
    expect(problems({ ...EMULATOR, TEST_FAILPOINT: 'crash-sometimes' })).toEqual([
      expect.stringContaining('TEST_FAILPOINT'),
    ]);
  });
});

describe('kill-after-flip-commit', () => {
  const store = fakeManifests();
  let app: FastifyInstance;
  let send: Send;
  let kills: string[];

  beforeAll(async () => {
    store.publish('admin-console', 'v1', remoteManifest('admin_console'));
    store.publish('admin-console', 'v2', remoteManifest('admin_console'));
    store.publish('admin-console', 'needs-react-20', remoteManifest('admin_console', '^20.0.0'));
    app = buildTestApp({ env: RELEASE_ENV, verifyToken: releaseVerifyToken, fetchManifest: store.fetchManifest });
    kills = [];
    registerTestFailpoint(app, 'kill-after-flip-commit', () => kills.push('kill'));
    send = await listen(app);
  });
  afterAll(() => app.close());

  // One operation id per write (docs/releasing.md): none of these is a retry.
  const post = (url: string, payload: object) =>
    send({ method: 'POST', url, headers: { ...bearer(T.admin), 'idempotency-key': randomUUID() }, payload });
  const killsDuring = async (request: () => Promise<{ statusCode: number }>) => {
    const before = kills.length;
    const { statusCode } = await request();
    return { statusCode, kills: kills.length - before };
  };

  it('fires once after a flip commits: the line is already changed when it fires', async () => {
    const released = await killsDuring(() => post('/api/releases/admin_console/staging', { version: 'v1' }));
    expect(released).toEqual({ statusCode: 201, kills: 1 });
    const lines = (await send({ url: '/api/registry/staging' })).json<RegistryDocument>().lines;
    expect(lines.admin_console).toBe(manifestUrlOf('admin-console', 'v1'));
  });

  it('fires after a refusal that was decided and audited (the gate’s)', async () => {
    const refused = await killsDuring(() => post('/api/releases/admin_console/staging', { version: 'needs-react-20' }));
    expect(refused).toEqual({ statusCode: 409, kills: 1 });
    const { entries } = (await send({ url: '/api/releases/audit', headers: bearer(T.admin) })).json<AuditPage>();
    expect(entries[0]).toMatchObject({ version: 'needs-react-20', outcome: 'refused' });
  });

  it('never fires on a replay: the outcome answered again committed nothing', async () => {
    const headers = { ...bearer(T.admin), 'idempotency-key': randomUUID() };
    const release = () =>
      send({ method: 'POST', url: '/api/releases/admin_console/staging', headers, payload: { version: 'v2' } });
    expect(await killsDuring(release)).toEqual({ statusCode: 201, kills: 1 });
    expect(await killsDuring(release)).toEqual({ statusCode: 201, kills: 0 });
  });

  it('never fires on reads, malformed writes or health reports', async () => {
    const requests = [
      () => send({ url: '/api/registry/staging' }),
      () => send({ url: '/api/releases/audit', headers: bearer(T.admin) }),
      () => post('/api/releases/admin_console/staging', { version: 'Not A Version!' }),
      () =>
        send({
          method: 'POST',
          url: '/api/health',
          payload: {
            environment: 'staging',
            token: viewTokenFor([{ remote: 'admin_console', manifest: manifestUrlOf('admin-console', 'v1') }]),
            entries: [
              {
                remote: 'admin_console',
                manifest: manifestUrlOf('admin-console', 'v1'),
                views: 1,
                loadFailures: 0,
                renderCrashes: 0,
                hydrationErrors: 0,
              },
            ],
          },
        }),
    ];
    for (const request of requests) expect((await killsDuring(request)).kills).toBe(0);
  });
});
