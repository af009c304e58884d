/**
 * npm run releases -- --prune, as a team runs it: a dry run lists the published versions older
 * than the threshold that the release service says are named nowhere; --yes removes exactly those.
 * Never a version that is or was live, nor one younger than a day.
 */
import fs from 'node:fs';
import { releaseWorldOfFile } from './releaseWorld';
import { paced } from 'service-kit/testing/pace';

jest.setTimeout(paced(60_000));

const { world, published: folder } = releaseWorldOfFile();

const TWO_DAYS_AGO = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);

/** A folder in the store as a publish leaves it, dated `at` (the store reads the folder's mtime). */
function published(version: string, at: Date) {
  fs.cpSync(world().builtFolder(`built-${version}`), folder(version), { recursive: true });
  fs.utimesSync(folder(version), at, at);
}

beforeAll(async () => {
  // v1 was live and v2 is: both named by the history and the line.
  for (const version of ['v1', 'v2']) {
    const { code } = await world().cli('release', [
      'admin-console',
      '--version',
      version,
      '--from',
      world().builtFolder(version),
    ]);
    expect(code).toBe(0);
    fs.utimesSync(folder(version), TWO_DAYS_AGO, TWO_DAYS_AGO);
  }
  published('orphan-old', TWO_DAYS_AGO); // never released: what --prune is for
  published('orphan-new', new Date()); // never released, but may be a release under way
});

it('a dry run lists only the old version nothing names, and removes nothing', async () => {
  const { code, out } = await world().cli('releases', ['--prune']);
  expect(code).toBe(0);
  expect(out).toContain('どこからも参照されていない公開済みバージョン 1 件を削除できます (--yes で削除)');
  expect(out).toMatch(/ {2}admin-console orphan-old {2}\d{4}-/);
  expect(out).not.toMatch(/admin-console (v1|v2|orphan-new) /);
  for (const version of ['v1', 'v2', 'orphan-old', 'orphan-new']) expect(fs.existsSync(folder(version))).toBe(true);
});

it('--yes removes that version and leaves the live, the former live and the young ones', async () => {
  const { code, out } = await world().cli('releases', ['--prune', '--yes']);
  expect(code).toBe(0);
  expect(out).toContain('どこからも参照されていない公開済みバージョン 1 件を削除します');
  expect(fs.existsSync(folder('orphan-old'))).toBe(false);
  for (const version of ['v1', 'v2', 'orphan-new']) expect(fs.existsSync(folder(version))).toBe(true);
  expect(await world().registry('production')).toEqual({
    admin_console: expect.stringMatching(/\/store\/admin-console\/v2\/mf-manifest\.json$/),
  });
});

it('a threshold under a day is refused in Japanese before anything is read', async () => {
  const { code, err } = await world().cli('releases', ['--prune', '--older-than', '1h', '--yes']);
  expect(code).not.toBe(0);
  expect(err).toContain('--older-than「1h」は使えません。1d 以上の期間を');
  expect(fs.existsSync(folder('orphan-new'))).toBe(true);
});
