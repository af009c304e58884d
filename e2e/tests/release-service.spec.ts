// The release registry as a service in its production shape (docs/releasing.md): two production
// web servers and a staging one read one registry service; a team releases through the CLI; a
// flip and a rollback reach both production servers within 5 s; another team is refused with
// 403 and the refusal is audited; staging → production serves byte-identical files, no build.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  ADMIN_DIST,
  folderHashes,
  msUntilServed,
  type ReleaseWorld,
  setReleaseTeams,
  sha256,
  SHELLS,
  startReleaseWorld,
  STORE_URL,
} from '../support/releases/releaseWorld';
import { paced } from '../support/pace';

test.describe.configure({ mode: 'serial', timeout: paced(120_000) });

const FLIP_BAR_MS = 5_000;
const production = [SHELLS.productionA, SHELLS.productionB];
const manifestOf = (version: string) => `${STORE_URL}/${version}/mf-manifest.json`;
let world: ReleaseWorld;

test.beforeAll(async () => {
  test.setTimeout(paced(120_000));
  world = await startReleaseWorld();
});
test.afterAll(async () => {
  await world?.stop();
});

test('a release through the CLI is served by both production web servers within 5 s; a rollback likewise', async () => {
  for (const version of ['e2e-1', 'e2e-2']) {
    const answer = await world.cli('release', ['admin-console', '--version', version, '--from', ADMIN_DIST]);
    expect(answer.err).toBe('');
    expect(answer.out).toContain(`✔ admin_console ${version} を公開しました (本番 production)`);
    const ms = await msUntilServed(world, production, manifestOf(version));
    console.log(`flip to ${version} served by both production web servers after ${ms} ms`);
    test.info().annotations.push({ type: 'figure', description: `flip ${version}: ${ms} ms` });
    expect(ms).toBeLessThanOrEqual(FLIP_BAR_MS);
  }
  expect(await world.served(SHELLS.staging)).toBe('http://localhost:4175/mf-manifest.json'); // staging untouched

  const rollback = await world.cli('release', ['admin-console', '--rollback']);
  expect(rollback.out).toContain('✔ admin_console を e2e-1 に戻しました (本番 production)');
  const ms = await msUntilServed(world, production, manifestOf('e2e-1'));
  console.log(`rollback served by both production web servers after ${ms} ms`);
  test.info().annotations.push({ type: 'figure', description: `rollback: ${ms} ms` });
  expect(ms).toBeLessThanOrEqual(FLIP_BAR_MS);
});

test('a member of the public-site team releasing admin-console gets 403; the CLI says why; nothing is served or left', async () => {
  await setReleaseTeams('public-team@example.com', ['public-site']);
  const answer = await world.cli(
    'release',
    ['admin-console', '--version', 'foreign', '--from', ADMIN_DIST],
    'public-team@example.com',
  );
  expect(answer.code).toBe(1);
  expect(answer.err.trim()).toBe(
    'admin-console をリリースする権限がありません。admin-console チームのメンバーか管理者だけがリリースできます。',
  );
  expect(fs.existsSync(path.join(world.storeDir, 'admin-console', 'foreign'))).toBe(false);
  for (const shell of production) expect(await world.served(shell)).toBe(manifestOf('e2e-1'));
});

test('staging, then promote: production serves the very files staging served, byte for byte, without a build', async () => {
  await setReleaseTeams('console-team@example.com', ['admin-console']);
  const staged = await world.cli(
    'release',
    ['admin-console', '--env', 'staging', '--version', 'e2e-3', '--from', ADMIN_DIST],
    'console-team@example.com',
  );
  expect(staged.out).toContain('✔ admin_console e2e-3 を公開しました (ステージング staging)');
  await msUntilServed(world, [SHELLS.staging], manifestOf('e2e-3'));
  for (const shell of production) expect(await world.served(shell)).toBe(manifestOf('e2e-1'));

  const promoted = await world.cli('promote', ['admin-console', 'e2e-3'], 'console-team@example.com');
  expect(promoted.out).toContain('✔ admin_console e2e-3 を昇格しました (本番 production)');
  await msUntilServed(world, production, manifestOf('e2e-3'));

  // Every file, fetched through the URL each environment's registry names, against the build.
  const built = folderHashes(ADMIN_DIST);
  const base = new URL('.', await world.served(SHELLS.productionA)).href;
  expect(new URL('.', await world.served(SHELLS.staging)).href).toBe(base);
  for (const [file, hash] of Object.entries(built)) {
    const response = await fetch(new URL(file, base), { headers: { 'accept-encoding': 'identity' } });
    expect(response.status, file).toBe(200);
    expect(sha256(Buffer.from(await response.arrayBuffer())), file).toBe(hash);
  }
  expect(Object.keys(built).length).toBeGreaterThan(5);
});

test('every release action of this file is in the audit log with its actor, the refusal included', async () => {
  const { code, out } = await world.cli('releases', ['--remote', 'admin-console', '--audit', '50']);
  expect(code).toBe(0);
  const lines = out.split('\n').filter((line) => /^ {2}\d{4}-/.test(line));
  const expected = [
    /done +promote +admin_console production e2e-3 +console-team@example\.com/,
    /done +release +admin_console staging e2e-3 +console-team@example\.com/,
    /forbidden +release +admin_console production foreign +public-team@example\.com/,
    /done +rollback +admin_console production e2e-1 +admin@example\.com/,
    /done +release +admin_console production e2e-2 +admin@example\.com/,
    /done +release +admin_console production e2e-1 +admin@example\.com/,
  ];
  expect(lines).toHaveLength(expected.length);
  expected.forEach((pattern, index) => expect(lines[index]).toMatch(pattern));
});
