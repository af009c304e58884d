/**
 * The audit log under a flood and in pages (docs/releasing.md): the refusals of an account with no
 * rights on a remote are one line per actor, remote, environment and minute with a count, so they
 * cannot push the remote's real history off a page; GET /api/releases/audit pages back with
 * `before` / `nextBefore`. Each refused write's outcome is still stored under its operation id, so
 * a retry answers the same refusal without counting it again. Runs on both engines.
 */
import type { AuditEntry, AuditPage, OperationOutcome } from 'shared-releases';
import { RELEASE_TOKENS as T, remoteManifest, writeHeaders } from './support/releaseFixtures';
import { bearer } from './support/testApp';
import { useReleaseApp } from './support/useTestApp';

const START = Date.parse('2026-03-02T09:00:10.000Z');
let now = START;
const { store, server } = useReleaseApp({ clock: () => now });

beforeAll(() => {
  for (let i = 1; i <= 8; i += 1) store.publish('admin-console', `v${i}`, remoteManifest('admin_console'));
  store.publish('admin-console', 'needs-react-20', remoteManifest('admin_console', '^20.0.0'));
});
beforeEach(() => {
  now = START;
});

/** A release write; a new operation id for each unless one is named (a retry). */
const release = (token: string, environment: string, version: string, operationId?: string) =>
  server.send({
    method: 'POST',
    url: `/api/releases/admin_console/${environment}`,
    headers: writeHeaders(token, operationId),
    payload: { version },
  });
const page = async (query = '') => {
  const response = await server.send({ url: `/api/releases/audit${query}`, headers: bearer(T.admin) });
  expect(response.statusCode).toBe(200);
  return response.json<AuditPage>();
};
const summary = (e: AuditEntry) => `${e.outcome} ${e.environment} ${e.version} ${e.actor.email} ×${e.attempts}`;

describe('refusals of an account with no rights on the remote', () => {
  it('make one line per actor, remote, environment and minute, with the attempts counted', async () => {
    expect((await release(T.adminTeam, 'production', 'v1')).statusCode).toBe(201);
    for (let i = 0; i < 25; i += 1) {
      now = START + i * 1_000; // all within 09:00:10–09:00:34
      expect((await release(T.publicTeam, 'production', 'v2')).statusCode).toBe(403);
    }
    expect((await release(T.publicTeam, 'staging', 'v2')).statusCode).toBe(403);
    expect((await release(T.noTeam, 'production', 'v2')).statusCode).toBe(403);
    now = START + 60_000; // the next minute: a line of its own
    expect((await release(T.publicTeam, 'production', 'v3')).statusCode).toBe(403);
    expect((await release(T.publicTeam, 'production', 'v3')).statusCode).toBe(403);

    const { entries, nextBefore } = await page();
    expect(entries.map(summary)).toEqual([
      'forbidden production v3 public-team@example.com ×2',
      'forbidden production v2 user@example.com ×1',
      'forbidden staging v2 public-team@example.com ×1',
      // The minute's line keeps its first attempt (its id, time and version); only its count moves.
      'forbidden production v2 public-team@example.com ×25',
      'done production v1 console-team@example.com ×1',
    ]);
    expect(nextBefore).toBeNull();
    // Still the refusal the account was told, in Japanese, every time.
    expect(entries[3]!.message).toBe(
      'admin-console をリリースする権限がありません。admin-console チームのメンバーか管理者だけがリリースできます。',
    );
  });

  it('counted at once from many requests still make one line (the count is exact)', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => release(T.publicTeam, 'production', 'v2')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 403));
    const { entries } = await page();
    expect(entries.map(summary)).toEqual(['forbidden production v2 public-team@example.com ×20']);
  });

  it('store each attempt’s outcome: a retry with the same operation id answers the same refusal and counts nothing', async () => {
    const key = 'op-refused-0123456789abcdef';
    const first = await release(T.publicTeam, 'production', 'v2', key);
    expect(first.statusCode).toBe(403);
    expect((await release(T.publicTeam, 'production', 'v2')).statusCode).toBe(403); // another attempt
    for (let i = 0; i < 3; i += 1) {
      const again = await release(T.publicTeam, 'production', 'v2', key);
      expect(again.statusCode).toBe(403);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toBe(first.body);
    }
    // Sent at once under one id: a single attempt, whichever request decides.
    const concurrentKey = 'op-refused-concurrent-0123456789';
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => release(T.publicTeam, 'production', 'v2', concurrentKey)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    const { entries } = await page();
    expect(entries.map(summary)).toEqual(['forbidden production v2 public-team@example.com ×3']);
    const stored = await server.send({ url: `/api/releases/operations/${key}`, headers: bearer(T.publicTeam) });
    expect(stored.json<OperationOutcome>()).toEqual({
      operationId: key,
      status: 403,
      body: first.json(),
      replayed: true,
    });
  });

  it('leave the other refusals a line each: the gate’s, with its problems', async () => {
    await release(T.adminTeam, 'production', 'needs-react-20');
    await release(T.adminTeam, 'production', 'needs-react-20');
    const { entries } = await page();
    expect(entries.map((e) => `${e.outcome} ×${e.attempts}`)).toEqual(['refused ×1', 'refused ×1']);
  });
});

describe('GET /api/releases/audit in pages', () => {
  /** Eight releases and rollbacks of the team, and a flood of refusals between them. */
  async function history(): Promise<void> {
    for (let i = 1; i <= 8; i += 1) {
      now = START + i * 60_000;
      expect((await release(T.adminTeam, 'staging', `v${i}`)).statusCode).toBe(201);
      for (let j = 0; j < 4; j += 1) await release(T.publicTeam, 'staging', `v${i}`);
    }
  }

  it('pages back with before = nextBefore until the first line, each line once, newest first', async () => {
    await history();
    const everything = await page('?limit=500');
    expect(everything.entries).toHaveLength(16); // 8 releases, 8 summed refusals (32 attempts)
    expect(everything.nextBefore).toBeNull();

    const seen: AuditEntry[] = [];
    let query = '?limit=5';
    for (let pages = 1; ; pages += 1) {
      const { entries, nextBefore } = await page(query);
      seen.push(...entries);
      if (nextBefore === null) {
        expect(pages).toBe(4); // 5 + 5 + 5 + 1
        break;
      }
      expect(nextBefore).toBe(entries.at(-1)!.id);
      query = `?limit=5&before=${nextBefore}`;
    }
    expect(seen).toEqual(everything.entries);
  });

  it('keeps its default page of 100 lines without a cursor, and filters a page by environment', async () => {
    await history();
    const first = await page();
    expect(first.entries).toHaveLength(16);
    const production = await page('?environment=production');
    expect(production).toEqual({ entries: [], nextBefore: null });
    const older = await page(`?before=${first.entries[2]!.id}`);
    expect(older.entries).toEqual(first.entries.slice(3));
  });

  it('refuses a malformed cursor or limit with 400 and a Japanese sentence', async () => {
    for (const query of ['?before=0', '?before=abc', '?before=1.5', '?limit=501']) {
      const response = await server.send({ url: `/api/releases/audit${query}`, headers: bearer(T.admin) });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/before には前のページの nextBefore|limit は 1〜500/);
    }
  });
});
