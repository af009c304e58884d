/**
 * The throw-away PostgreSQL of the tests: missing binaries are a loud failure, never a silent pass;
 * a restart (the fault tests') keeps its port and data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { findPostgresBin, POSTGRES_INSTALL_HINT, startPostgres } from 'service-kit/testing';

it('names the install command when no PostgreSQL server is installed', () => {
  const empty = mkdtempSync(path.join(os.tmpdir(), 'no-postgres-'));
  try {
    expect(() => findPostgresBin({ env: {}, debianRoot: empty })).toThrow(POSTGRES_INSTALL_HINT);
    expect(POSTGRES_INSTALL_HINT).toContain('apt-get install -y postgresql');
    expect(() => findPostgresBin({ env: { POSTGRES_BIN: empty }, debianRoot: empty })).toThrow(POSTGRES_INSTALL_HINT);
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
});

it('restarts on the same port with its data: refused while down, answering again after', async () => {
  const server = await startPostgres();
  const query = async (sql: string) => {
    const client = new Client({ connectionString: server.url() });
    await client.connect();
    try {
      return (await client.query<{ note: string }>(sql)).rows;
    } finally {
      await client.end();
    }
  };
  try {
    await query("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('before the restart')");
    let refusedWhileDown: unknown = null;
    await server.restart(async () => {
      refusedWhileDown = await query('SELECT 1').catch((error: unknown) => error);
    });
    expect(refusedWhileDown).toMatchObject({ code: 'ECONNREFUSED' });
    expect(await query('SELECT note FROM kept')).toEqual([{ note: 'before the restart' }]);
  } finally {
    await server.stop();
  }
});
