/**
 * The release registry as a service: releases, promotions and rollbacks per environment, team
 * rights decided on the server, the gate against the environment's shell, and the audit log of
 * everything done or refused (docs/releasing.md). Runs on both engines.
 */
import type { AuditEntry, FlipResult, RegistryDocument, ReleaseOverview } from 'shared-releases';
import { bearer } from './support/testApp';
import { useReleaseApp } from './support/useTestApp';
import { manifestUrlOf, RELEASE_TOKENS as T, remoteManifest, writeHeaders } from './support/releaseFixtures';

const { store, server } = useReleaseApp();

const post = (token: string, url: string, payload: object = {}) =>
  server.send({ method: 'POST', url, headers: writeHeaders(token), payload });
/** The live version the admin's overview shows now, as the リリース page would send it. */
const seenLive = async (remote: string, environment: string) => {
  const overview = (await server.send({ url: '/api/releases', headers: bearer(T.admin) })).json<ReleaseOverview>();
  return (
    overview.remotes.find((entry) => entry.remote === remote)?.environments[environment as 'production']?.live
      ?.version ?? null
  );
};
const release = (token: string, remote: string, environment: string, version: string, extra: object = {}) =>
  post(token, `/api/releases/${remote}/${environment}`, { version, ...extra });
const promote = (token: string, remote: string, environment: string, version: string) =>
  post(token, `/api/releases/${remote}/${environment}/promote`, { version });
const rollback = async (token: string, remote: string, environment: string) =>
  post(token, `/api/releases/${remote}/${environment}/rollback`, { expectedLive: await seenLive(remote, environment) });
const registry = async (environment: string) =>
  (await server.send({ url: `/api/registry/${environment}` })).json<RegistryDocument>().lines;
const audit = async (token: string = T.admin, query = '') =>
  (await server.send({ url: `/api/releases/audit${query}`, headers: bearer(token) })).json<{ entries: AuditEntry[] }>()
    .entries;

beforeAll(() => {
  for (const version of ['v1', 'v2', 'v3']) store.publish('admin-console', version, remoteManifest('admin_console'));
  store.publish('admin-console', 'needs-react-20', remoteManifest('admin_console', '^20.0.0'));
  store.publish('public-site', 'p1', remoteManifest('public_site'));
});

describe('the registry of an environment', () => {
  it('is empty before any release, versioned with an ETag, and answers 304 to its own tag', async () => {
    const first = await server.send({ url: '/api/registry/production' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      environment: 'production',
      version: expect.any(String),
      lines: {},
      canaries: {},
    });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await server.send({
      url: '/api/registry/production',
      headers: { 'if-none-match': first.headers.etag! },
    });
    expect(again.statusCode).toBe(304);

    expect((await release(T.admin, 'admin_console', 'production', 'v1')).statusCode).toBe(201);
    const after = await server.send({
      url: '/api/registry/production',
      headers: { 'if-none-match': first.headers.etag! },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json<RegistryDocument>().lines).toEqual({ admin_console: manifestUrlOf('admin-console', 'v1') });
  });

  it('answers 404 in Japanese for an environment that does not exist', async () => {
    const response = await server.send({ url: '/api/registry/qa' });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toBe(
      '環境「qa」はありません。staging / production のどれかを指定してください。',
    );
  });
});

describe('a release', () => {
  it('by the remote’s team goes live in its environment only, recorded with its actor and commit', async () => {
    const response = await release(T.adminTeam, 'admin_console', 'staging', 'v1', { sourceCommit: 'abc1234' });
    expect(response.statusCode).toBe(201);
    expect(response.json<FlipResult>().live).toMatchObject({ version: 'v1', action: 'release' });
    expect(await registry('staging')).toEqual({ admin_console: manifestUrlOf('admin-console', 'v1') });
    expect(await registry('production')).toEqual({});
    const [entry] = await audit();
    expect(entry).toMatchObject({
      action: 'release',
      outcome: 'done',
      remote: 'admin_console',
      environment: 'staging',
      version: 'v1',
      sourceCommit: 'abc1234',
      actor: { uid: 'uid-admin-team', email: 'console-team@example.com' },
      verdict: { ok: true },
      before: { version: null, manifestUrl: null },
    });
  });

  it('of another team’s remote is refused with 403 and a reason, written to the audit log, and changes nothing', async () => {
    const response = await release(T.publicTeam, 'admin_console', 'production', 'v1');
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: string }>().error).toBe(
      'admin-console をリリースする権限がありません。admin-console チームのメンバーか管理者だけがリリースできます。',
    );
    expect(await registry('production')).toEqual({});
    const [entry] = await audit();
    expect(entry).toMatchObject({
      outcome: 'forbidden',
      action: 'release',
      remote: 'admin_console',
      version: 'v1',
      actor: { email: 'public-team@example.com' },
    });
    // The version was not taken: its own team can release it.
    expect((await release(T.adminTeam, 'admin_console', 'production', 'v1')).statusCode).toBe(201);
  });

  it('by an account of no team is refused too; an admin may release every remote', async () => {
    expect((await release(T.noTeam, 'public_site', 'production', 'p1')).statusCode).toBe(403);
    expect((await release(T.admin, 'public_site', 'production', 'p1')).statusCode).toBe(201);
  });

  it('that the environment’s shell cannot run is refused by the gate with its problems, audited, nothing flipped', async () => {
    await release(T.admin, 'admin_console', 'production', 'v1');
    const response = await release(T.admin, 'admin_console', 'production', 'needs-react-20');
    expect(response.statusCode).toBe(409);
    const body = response.json<{ error: string; problems: string[] }>();
    expect(body.error).toContain('互換性がないため中止しました');
    expect(body.problems).toContain(
      '共有シングルトン react: admin_console は ^20.0.0 を必要としますが、シェルが提供するのは 19.2.0 です。',
    );
    expect(await registry('production')).toEqual({ admin_console: manifestUrlOf('admin-console', 'v1') });
    const [entry] = await audit();
    expect(entry).toMatchObject({
      outcome: 'refused',
      version: 'needs-react-20',
      verdict: { ok: false, problems: body.problems },
      before: { version: 'v1' },
    });
  });

  it('of a folder that was never published is a 404 saying so; of an existing version a 409', async () => {
    const missing = await release(T.admin, 'admin_console', 'staging', 'v9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: string }>().error).toContain('v9 は公開されていません');
    await release(T.admin, 'admin_console', 'staging', 'v1');
    const again = await release(T.admin, 'admin_console', 'production', 'v1');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toContain('既にあります');
    expect((await audit()).slice(0, 2).map((e) => e.outcome)).toEqual(['refused', 'done']);
  });
});

describe('a promotion', () => {
  it('makes the very folder released to staging live in production, gated against production’s shell', async () => {
    await release(T.adminTeam, 'admin_console', 'staging', 'v2');
    const response = await promote(T.adminTeam, 'admin_console', 'production', 'v2');
    expect(response.statusCode).toBe(200);
    expect((await registry('production')).admin_console).toBe((await registry('staging')).admin_console);
    expect((await audit())[0]).toMatchObject({ action: 'promote', outcome: 'done', environment: 'production' });

    // Production's shell moves on (React 20): the next promotion of a build that needs 19 is refused.
    await release(T.admin, 'admin_console', 'staging', 'v3');
    store.setShell('production', { name: 'shell', shared: [{ name: 'react', version: '20.0.0', singleton: true }] });
    try {
      const refused = await promote(T.admin, 'admin_console', 'production', 'v3');
      expect(refused.statusCode).toBe(409);
      expect((await registry('production')).admin_console).toBe(manifestUrlOf('admin-console', 'v2'));
    } finally {
      store.setShell('production', { name: 'shell', shared: [] });
    }
  });

  it('of a version never released, or one live already, is refused', async () => {
    expect((await promote(T.admin, 'admin_console', 'production', 'v3')).statusCode).toBe(404);
    await release(T.admin, 'admin_console', 'staging', 'v3');
    await promote(T.admin, 'admin_console', 'production', 'v3');
    const twice = await promote(T.admin, 'admin_console', 'production', 'v3');
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: string }>().error).toBe('admin-console の v3 は既に本番 (production)で公開中です。');
  });
});

describe('a rollback', () => {
  it('goes back one step per call in that environment, then says there is nothing before', async () => {
    for (const version of ['v1', 'v2', 'v3']) {
      await release(T.admin, 'admin_console', 'staging', version);
      await promote(T.admin, 'admin_console', 'production', version);
    }
    expect((await rollback(T.adminTeam, 'admin_console', 'production')).json<FlipResult>().live.version).toBe('v2');
    expect((await rollback(T.adminTeam, 'admin_console', 'production')).json<FlipResult>().live.version).toBe('v1');
    const none = await rollback(T.adminTeam, 'admin_console', 'production');
    expect(none.statusCode).toBe(409);
    expect(none.json<{ error: string }>().error).toContain('v1 より前のリリースはありません');
    expect((await registry('staging')).admin_console).toBe(manifestUrlOf('admin-console', 'v3'));
    expect((await rollback(T.publicTeam, 'admin_console', 'staging')).statusCode).toBe(403);
  });

  it('of a remote served from its deployed build is refused', async () => {
    const response = await rollback(T.admin, 'business_portal', 'production');
    expect(response.statusCode).toBe(409);
    expect(response.json<{ error: string }>().error).toContain('リリースストアから配信されていない');
  });
});

describe('two flips at the same moment', () => {
  it('never both win unnoticed: each is done or answered 409, and the audit log says which', async () => {
    const answers = await Promise.all(
      ['v1', 'v2', 'v3'].map((version) => release(T.admin, 'admin_console', 'production', version)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const entries = await audit();
    expect(entries.filter((e) => e.outcome === 'done')).toHaveLength(statuses.filter((s) => s === 201).length);
    expect(entries.filter((e) => e.outcome === 'conflict')).toHaveLength(statuses.filter((s) => s === 409).length);
    const done = entries.find((e) => e.outcome === 'done')!; // newest first: the last one done is live
    expect((await registry('production')).admin_console).toBe(manifestUrlOf('admin-console', done.version!));
  });
});

describe('what an account sees', () => {
  it('an admin every remote; a team member their own; an account of no team a 403', async () => {
    await release(T.admin, 'admin_console', 'staging', 'v1');
    await release(T.admin, 'public_site', 'production', 'p1');
    const all = (await server.send({ url: '/api/releases', headers: bearer(T.admin) })).json<ReleaseOverview>();
    expect(all.remotes.map((r) => r.remote)).toEqual(['public_site', 'business_portal', 'admin_console']);
    expect(all.viewer.admin).toBe(true);

    const own = (await server.send({ url: '/api/releases', headers: bearer(T.adminTeam) })).json<ReleaseOverview>();
    expect(own.remotes.map((r) => r.remote)).toEqual(['admin_console']);
    expect(own.remotes[0]!.environments.staging.live).toMatchObject({ version: 'v1', actor: 'Admin@Example.com' });
    expect(own.remotes[0]!.environments.production.live).toBeNull();
    expect(own.viewer).toMatchObject({ admin: false, teams: ['admin-console'] });

    expect((await audit(T.adminTeam)).every((entry) => entry.remote === 'admin_console')).toBe(true);
    const foreign = await server.send({ url: '/api/releases/audit?remote=public_site', headers: bearer(T.adminTeam) });
    expect(foreign.statusCode).toBe(403);
    const none = await server.send({ url: '/api/releases', headers: bearer(T.noTeam) });
    expect(none.statusCode).toBe(403);
    expect(none.json<{ error: string }>().error).toContain('リリースの権限がありません');
  });
});
