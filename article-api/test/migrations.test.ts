/** Numbered migrations on the engine under test (both engines keep the same rules). */
import { createPostgresDatabase, describeOn } from './support/engine';
import { openMigrationHarness, postgresHarness, type MigrationHarness } from './support/migrationHarness';

let harness: MigrationHarness;
beforeEach(async () => {
  harness = await openMigrationHarness();
});
afterEach(() => harness.close());

const count = async (table: string) =>
  Number((await harness.query<{ n: number | string }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n);
const contentVersion = async () =>
  (await harness.query<{ epoch: string; version: number | string }>('SELECT epoch, version FROM content_version'))[0]!;

describe('migrate', () => {
  it('creates and seeds the tables on first run, recording each version', async () => {
    expect(await harness.migrate()).toEqual(harness.versions.map((migration) => migration.version));
    expect(await count('articles')).toBe(21);
    expect(await count('business_articles')).toBe(5);
    const recorded = await harness.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(recorded).toEqual(harness.versions.map(({ version, name }) => ({ version, name })));
  });

  it('does nothing on the next run, so deleted seed articles stay deleted', async () => {
    await harness.migrate();
    await harness.query('DELETE FROM articles WHERE id = 1');
    expect(await harness.migrate()).toEqual([]);
    expect(await count('articles')).toBe(20);
  });

  it('can create empty tables', async () => {
    await harness.migrate({ seed: false });
    expect(await count('articles')).toBe(0);
    expect(await count('business_articles')).toBe(0);
  });

  it('applies only new migrations, in version order, each atomically', async () => {
    await harness.migrate();
    const extra = [
      { version: 101, name: 'hundred-and-first', sql: 'CREATE TABLE t101 (x INT)' },
      { version: 100, name: 'hundredth', sql: 'CREATE TABLE t100 (x INT)' },
    ];
    expect(await harness.migrate({ extra })).toEqual([100, 101]);

    const failing = { version: 102, name: 'fails halfway', sql: 'CREATE TABLE half (x INT)', fails: true };
    await expect(harness.migrate({ extra: [...extra, failing] })).rejects.toThrow('boom');
    expect(await harness.tableExists('half')).toBe(false);
    const [{ latest } = { latest: -1 }] = await harness.query<{ latest: number }>(
      'SELECT MAX(version) AS latest FROM schema_migrations',
    );
    expect(Number(latest)).toBe(101);
  });

  it('gives the content a version that every committed change moves, whoever writes', async () => {
    await harness.migrate();
    const before = await contentVersion();
    expect(before.epoch).toMatch(/^[0-9a-f]{12}$/);
    await harness.query("UPDATE articles SET title = 'operator edit' WHERE id = 1");
    await harness.query("DELETE FROM business_articles WHERE id = 'biz001'");
    const after = await contentVersion();
    expect(after.epoch).toBe(before.epoch);
    expect(Number(after.version)).toBeGreaterThanOrEqual(Number(before.version) + 2);

    // A statement that changes no row changes no version (an ETag would otherwise move for nothing).
    await harness.query('DELETE FROM articles WHERE id = 9999');
    await harness.query("UPDATE articles SET title = 'x' WHERE id = 9999");
    expect(await contentVersion()).toEqual(after);
  });
});

describe('migration 6 (canaries) on a registry that has releases', () => {
  const LINE = "'staging', 'admin_console', 'v1', 'http://store.test/admin-console/v1/mf-manifest.json'";
  const registryVersion = async () =>
    (
      await harness.query<{ epoch: string; version: number | string }>('SELECT epoch, version FROM registry_version')
    )[0]!;

  /**
   * The message a statement fails with. Not `rejects.toThrow()`: better-sqlite3's native part keeps
   * the error class of the first test file that loaded it in a worker, which is no Error of this one's.
   */
  const failureOf = (sql: string) =>
    harness.query(sql).then(
      () => 'no error',
      (error: { message?: unknown }) => String(error.message),
    );

  it('keeps every line and audit line, and the audit stays append-only', async () => {
    expect(await harness.migrate({ seed: false, upTo: 5 })).toContain(5);
    await harness.query(`INSERT INTO registry_lines (environment, remote, version, manifest_url) VALUES (${LINE})`);
    await harness.query(
      "INSERT INTO release_audit (action, outcome, remote, environment, version) VALUES ('release', 'done', 'admin_console', 'staging', 'v1')",
    );
    const version = await registryVersion();
    expect(await harness.migrate()).toEqual([6, 7]);
    expect(
      await harness.query('SELECT environment, remote, version, canary_version, canary_percent FROM registry_lines'),
    ).toEqual([
      { environment: 'staging', remote: 'admin_console', version: 'v1', canary_version: null, canary_percent: null },
    ]);
    expect(await harness.query('SELECT version, canary_percent, decision FROM release_audit')).toEqual([
      { version: 'v1', canary_percent: null, decision: null },
    ]);
    expect((await registryVersion()).epoch).toBe(version.epoch);
    expect(await failureOf("UPDATE release_audit SET version = 'v2'")).toMatch(/append-only/);
    expect(await harness.tableExists('release_health')).toBe(true);
    expect(await harness.tableExists('release_refusal_minutes')).toBe(true);

    // The line's version now moves with canary changes too, and a line is never empty or half a canary.
    await harness.query(
      "UPDATE registry_lines SET canary_version = 'v2', canary_manifest_url = 'http://x/m.json', canary_percent = 10, canary_status = 'running', canary_started_at = '2026-03-02T09:00:00.000Z'",
    );
    expect(Number((await registryVersion()).version)).toBe(Number(version.version) + 1);
    // A running canary at 0 %, and a line with neither a live release nor a canary.
    expect(await failureOf('UPDATE registry_lines SET canary_percent = 0')).toMatch(/check constraint/i);
    expect(
      await failureOf(
        'UPDATE registry_lines SET version = NULL, manifest_url = NULL, canary_version = NULL, canary_manifest_url = NULL, canary_percent = NULL, canary_status = NULL, canary_started_at = NULL',
      ),
    ).toMatch(/check constraint/i);
  });
});

describeOn('postgres')('migrate on PostgreSQL, several instances starting at once', () => {
  it('applies each migration exactly once (advisory lock)', async () => {
    const url = createPostgresDatabase();
    const instances = Array.from({ length: 4 }, () => postgresHarness(url));
    try {
      const applied = await Promise.all(instances.map((instance) => instance.migrate()));
      const [first] = instances as [ReturnType<typeof postgresHarness>];
      expect(applied.flat().sort((a, b) => a - b)).toEqual(first.versions.map((m) => m.version));
      expect(Number((await first.query<{ n: string }>('SELECT COUNT(*) AS n FROM articles'))[0]?.n)).toBe(21);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
