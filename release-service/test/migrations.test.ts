/**
 * The release service's numbered migrations on the engine under test: a registry with releases
 * survives the canaries' migration (a table rebuilt on SQLite) and its audit stays append-only.
 */
import { createPool } from 'service-kit/postgres';
import { openDatabase, runSqliteMigrations } from 'service-kit/sqlite';
import { createPostgresDatabase, ENGINE, postgresRawSql, type RawSql, sqliteRawSql } from 'service-kit/testing';
import { postgresMigrations } from '../src/db/postgres/migrations';
import { MIGRATION_TABLE, sqliteMigrations } from '../src/db/sqlite/migrations';
import { runPostgresMigrations } from 'service-kit/postgres';

interface Harness extends RawSql {
  migrate(options?: { upTo?: number }): Promise<number[]>;
}

function openHarness(): Harness {
  if (ENGINE === 'postgres') {
    const pool = createPool(createPostgresDatabase(), 2);
    return {
      migrate: ({ upTo = Infinity } = {}) =>
        runPostgresMigrations(pool, {
          list: postgresMigrations.filter((migration) => migration.version <= upTo),
          lockKey: 1,
          context: undefined,
          table: MIGRATION_TABLE,
        }),
      ...postgresRawSql(pool),
    };
  }
  const db = openDatabase(':memory:');
  return {
    migrate: async ({ upTo = Infinity } = {}) =>
      runSqliteMigrations(db, {
        list: sqliteMigrations.filter((migration) => migration.version <= upTo),
        context: undefined,
        table: MIGRATION_TABLE,
      }),
    ...sqliteRawSql(db),
  };
}

let harness: Harness;
beforeEach(() => {
  harness = openHarness();
});
afterEach(() => harness.close());

describe('migration 2 (canaries, once migration 6 of the article API) on a registry that has releases', () => {
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
    expect(await harness.migrate({ upTo: 1 })).toEqual([1]);
    await harness.query(`INSERT INTO registry_lines (environment, remote, version, manifest_url) VALUES (${LINE})`);
    await harness.query(
      "INSERT INTO release_audit (action, outcome, remote, environment, version) VALUES ('release', 'done', 'admin_console', 'staging', 'v1')",
    );
    const version = await registryVersion();
    expect(await harness.migrate()).toEqual(ENGINE === 'postgres' ? [2, 3, 4, 5, 6, 7, 8] : [2, 4, 5, 6, 7, 8]);
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
