/**
 * The release protocol that survives lost answers (docs/releasing.md, "Operation ids" and
 * "Expected state"): every write names itself with an Idempotency-Key, a retry answers the first
 * outcome and changes nothing, the outcome can be asked for, a version's references can be asked
 * for, and a write decided on a stale view is a 409 naming what is current. Runs on both engines.
 */
import type { AuditEntry, FlipResult, OperationOutcome, RegistryDocument, VersionUsage } from 'shared-releases';
import { bearer } from './support/testApp';
import { useReleaseApp } from './support/useTestApp';
import { manifestUrlOf, RELEASE_TOKENS as T, remoteManifest, writeHeaders } from './support/releaseFixtures';

const { store, server } = useReleaseApp();

const AT = '/api/releases/admin_console/production';
const post = (url: string, payload: object, key: string, token: string = T.admin) =>
  server.send({ method: 'POST', url, headers: writeHeaders(token, key), payload });
const registry = async () => (await server.send({ url: '/api/registry/production' })).json<RegistryDocument>().lines;
const audit = async () =>
  (await server.send({ url: '/api/releases/audit', headers: bearer(T.admin) })).json<{ entries: AuditEntry[] }>()
    .entries;
const outcome = (key: string, token: string = T.admin) =>
  server.send({ url: `/api/releases/operations/${key}`, headers: bearer(token) });
const usage = async (version: string) =>
  (
    await server.send({ url: `/api/releases/admin_console/versions/${version}`, headers: bearer(T.admin) })
  ).json<VersionUsage>();
const key = (name: string) => `op-${name}-0123456789abcdef`;

beforeAll(() => {
  for (const version of ['v1', 'v2', 'v3']) store.publish('admin-console', version, remoteManifest('admin_console'));
});

describe('the Idempotency-Key of a write', () => {
  it('is required: missing or malformed, a 400 in Japanese and nothing written', async () => {
    for (const header of [undefined, 'short', 'x'.repeat(129), 'has spaces in it 0123']) {
      const headers: Record<string, string> = bearer(T.admin);
      if (header !== undefined) headers['idempotency-key'] = header;
      const response = await server.send({ method: 'POST', url: AT, headers, payload: { version: 'v1' } });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain('Idempotency-Key');
    }
    expect(await audit()).toEqual([]);
    expect(await registry()).toEqual({});
  });

  it('sent again with the same request answers the first outcome, replayed, and changes nothing', async () => {
    const first = await post(AT, { version: 'v1' }, key('replay'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const auditAfterFirst = await audit();
    const again = await post(AT, { version: 'v1' }, key('replay'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<FlipResult>()).toEqual(first.json<FlipResult>());
    expect(await audit()).toEqual(auditAfterFirst);
    expect(auditAfterFirst).toHaveLength(1);
  });

  it('stores a refusal too: the retry of a 404 answers the same 404 without a second audit line', async () => {
    const first = await post(`${AT}/promote`, { version: 'never-released' }, key('refusal'));
    expect(first.statusCode).toBe(404);
    const again = await post(`${AT}/promote`, { version: 'never-released' }, key('refusal'));
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await audit()).toHaveLength(1);
  });

  it('with another request is a 422 in Japanese, nothing written', async () => {
    expect((await post(AT, { version: 'v1' }, key('reuse'))).statusCode).toBe(201);
    const before = await audit();
    for (const [url, payload] of [
      [AT, { version: 'v2' }],
      [`${AT}/promote`, { version: 'v1' }],
      ['/api/releases/admin_console/staging', { version: 'v1' }],
    ] as const) {
      const response = await post(url, payload, key('reuse'));
      expect(response.statusCode).toBe(422);
      expect(response.json<{ error: string }>().error).toBe(
        'この操作 ID は別の内容のリクエストで使われています。新しい操作には新しい ID を指定してください。',
      );
    }
    expect(await audit()).toEqual(before);
    expect(await registry()).toEqual({ admin_console: manifestUrlOf('admin-console', 'v1') });
  });

  it('belongs to its actor: another account’s same id is its own operation', async () => {
    expect((await post(AT, { version: 'v1' }, key('actor'))).statusCode).toBe(201);
    const other = await post(AT, { version: 'v2' }, key('actor'), T.adminTeam);
    expect(other.statusCode).toBe(201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect((await outcome(key('actor'), T.adminTeam)).json<OperationOutcome>().body).toMatchObject({
      live: { version: 'v2' },
    });
  });

  it('sent five times at once: one commits, every answer is its outcome', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(AT, { version: 'v1' }, key('concurrent'))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const bodies = new Set(answers.map((answer) => answer.body));
    expect(bodies.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect((await audit()).filter((entry) => entry.outcome === 'done')).toHaveLength(1);
  });
});

describe('GET /api/releases/operations/:id', () => {
  it('answers the stored status and body of a decided write, and 404 "unknown" otherwise', async () => {
    const first = await post(AT, { version: 'v1' }, key('outcome'));
    const stored = await outcome(key('outcome'));
    expect(stored.statusCode).toBe(200);
    expect(stored.json<OperationOutcome>()).toEqual({
      operationId: key('outcome'),
      status: 201,
      body: first.json(),
      replayed: true,
    });
    const unknown = await outcome(key('never-sent'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: expect.stringContaining('同じ ID で'), operation: 'unknown' });
    // Another account cannot read it.
    expect((await outcome(key('outcome'), T.adminTeam)).statusCode).toBe(404);
    expect((await outcome('bad%20id')).statusCode).toBe(400);
  });
});

describe('GET /api/releases/:remote/versions/:version', () => {
  it('names the live line, the canary and the history; a version named nowhere is not referenced', async () => {
    await post(AT, { version: 'v1' }, key('usage-1'));
    await post(AT, { version: 'v2', canaryPercent: 10 }, key('usage-2'));
    expect(await usage('v1')).toEqual({
      version: 'v1',
      referenced: true,
      where: expect.arrayContaining([
        { environment: 'production', as: 'live' },
        { environment: 'production', as: 'history' },
      ]),
    });
    expect((await usage('v2')).where).toContainEqual({ environment: 'production', as: 'canary' });
    // A refused attempt names a version that never went anywhere: its folder may go.
    expect((await post(AT, { version: 'v3' }, key('usage-3'))).statusCode).toBe(409);
    expect(await usage('v3')).toEqual({ version: 'v3', referenced: false, where: [] });
    // Another team's member learns the same (a CLI refused for its rights must learn its folder can go).
    const asOtherTeam = await server.send({
      url: '/api/releases/admin_console/versions/v3',
      headers: bearer(T.publicTeam),
    });
    expect(asOtherTeam.statusCode).toBe(200);
    expect(asOtherTeam.json()).toEqual({ version: 'v3', referenced: false, where: [] });
    expect((await server.send({ url: '/api/releases/admin_console/versions/v1' })).statusCode).toBe(401);
  });
});

describe('a write from a stale view', () => {
  it('two rollbacks from two pages that saw v2 live: the second is a 409 naming v1, nothing changes, audited', async () => {
    await post(AT, { version: 'v1' }, key('stale-1'));
    await post(AT, { version: 'v2' }, key('stale-2'));
    const first = await post(`${AT}/rollback`, { expectedLive: 'v2' }, key('stale-page-a'));
    expect(first.statusCode).toBe(200);
    const registryAfterFirst = await registry();
    const second = await post(`${AT}/rollback`, { expectedLive: 'v2' }, key('stale-page-b'));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: expect.stringContaining('今の公開中は v1'),
      current: { live: 'v1', canary: null },
    });
    expect(await registry()).toEqual(registryAfterFirst);
    expect(registryAfterFirst).toEqual({ admin_console: manifestUrlOf('admin-console', 'v1') });
    const [latest] = await audit();
    expect(latest).toMatchObject({
      action: 'rollback',
      outcome: 'conflict',
      message: second.json<{ error: string }>().error,
    });
  });

  it('a canary action naming another canary version is a 409 naming the running one, nothing changes', async () => {
    await post(AT, { version: 'v1' }, key('canary-1'));
    await post(AT, { version: 'v2', canaryPercent: 10 }, key('canary-2'));
    const registryBefore = await server.send({ url: '/api/registry/production' });
    for (const [path, payload] of [
      ['/canary', { percent: 50, expectedCanary: 'v3' }],
      ['/canary/promote', { expectedCanary: 'v3' }],
      ['/canary/abort', { expectedCanary: 'v3' }],
    ] as const) {
      const response = await post(`${AT}${path}`, payload, key(`canary${path.replaceAll('/', '-')}`));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ current: { live: 'v1', canary: 'v2' } });
    }
    expect((await server.send({ url: '/api/registry/production' })).body).toBe(registryBefore.body);
    const promoted = await post(`${AT}/canary/promote`, { expectedCanary: 'v2' }, key('canary-promote-ok'));
    expect(promoted.statusCode).toBe(200);
    expect(await registry()).toEqual({ admin_console: manifestUrlOf('admin-console', 'v2') });
  });

  it('a promotion or release stating another live version is refused the same way', async () => {
    await post('/api/releases/admin_console/staging', { version: 'v1' }, key('promote-1'));
    const refused = await post(`${AT}/promote`, { version: 'v1', expectedLive: 'v9' }, key('promote-2'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ current: { live: null, canary: null } });
    const done = await post(`${AT}/promote`, { version: 'v1', expectedLive: null }, key('promote-3'));
    expect(done.statusCode).toBe(200);
  });
});
