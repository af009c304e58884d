/** The throw-away PostgreSQL of the tests: missing binaries are a loud failure, never a silent pass. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findPostgresBin, POSTGRES_INSTALL_HINT } from 'service-kit/testing';

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
