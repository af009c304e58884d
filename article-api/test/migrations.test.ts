/** Numbered migrations on the engine under test (both engines keep the same rules). */
import { createPostgresDatabase, describeOn } from 'service-kit/testing';
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
