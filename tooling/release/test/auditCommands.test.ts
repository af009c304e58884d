/**
 * `npm run releases` and the audit log in pages: an account's refusals without rights are one line
 * per minute with their count, and the last line of a page names the command for the page before.
 */
import { RELEASE_TOKENS as T, releaseWorldOfFile } from './releaseWorld';
import { paced } from 'service-kit/testing/pace';

// A hang guard that follows the work: each step is a CLI process, about 1 CPU-s to start (tsx and
// the release tooling's imports), 1 s alone but 10–13 s beside the rest of the suite on two cores.
// A flat 60 s (125 s paced) was passed by the paging test's 9 calls in a fresh-clone run at pace 2.09.
const CLI_CALL_MS = 15_000;
// 3 releases, 3 refusals, then the audit log's pages of 2: its 4 lines (5 if a minute turns) in 3 pages.
const PAGING_CALLS = 3 + 3 + 3;
jest.setTimeout(paced(PAGING_CALLS * CLI_CALL_MS));

const { world } = releaseWorldOfFile();

const NEXT = /さらに古い記録: npm run releases -- (.*)$/m;

it('shows summed refusals with their count, and pages back to the first line with --before', async () => {
  for (const version of ['a1', 'a2', 'a3']) {
    expect(
      (await world().cli('release', ['admin-console', '--version', version, '--from', world().builtFolder(version)]))
        .code,
    ).toBe(0);
  }
  // A member of another team, three times: one line, counted (unless a minute turns meanwhile).
  for (let i = 0; i < 3; i += 1) {
    const refused = await world().cli(
      'release',
      ['admin-console', '--version', 'x', '--from', world().builtFolder('x')],
      T.publicTeam,
    );
    expect(refused.code).toBe(1);
  }
  const all = await world().audit();
  expect(all.filter((entry) => entry.outcome === 'forbidden').reduce((sum, e) => sum + e.attempts!, 0)).toBe(3);

  const first = await world().cli('releases', ['--remote', 'admin-console', '--audit', '2']);
  expect(first.code).toBe(0);
  expect(first.out).toContain('本番 production: a3 ');
  expect(first.out).toMatch(/監査ログ \(新しい順、2 件\)/);
  // The newest line is the refusals' (3 attempts; fewer in it if a minute turned between them).
  const newest = all[0]!;
  expect(newest.outcome).toBe('forbidden');
  const count = newest.attempts! > 1 ? `  \\(${newest.attempts} 回\\)` : '';
  expect(first.out).toMatch(
    new RegExp(`forbidden +release +admin_console production x${count}  public-team@example\\.com`),
  );

  // Follow the printed command until no page is left: every line once, newest first.
  const seen: string[] = [];
  let page = first;
  for (;;) {
    seen.push(...page.out.split('\n').filter((line) => /^ {2}\d{4}-\d\d-\d\dT/.test(line)));
    const next = NEXT.exec(page.out)?.[1];
    if (!next) break;
    expect(next).toMatch(/^--remote admin-console --audit 2 --before \d+$/);
    page = await world().cli('releases', next.split(' '));
    expect(page.code).toBe(0);
    expect(page.out).not.toContain('本番 production:'); // an older page of the log only
    expect(page.out).toMatch(/監査ログ \(新しい順、番号 \d+ より前、[12] 件\)/);
  }
  expect(seen).toHaveLength(all.length);
  expect(seen.map((line) => /(done|forbidden) +release +admin_console production (\S+)/.exec(line)?.[2])).toEqual(
    all.map((entry) => entry.version),
  );
});

it('refuses a --before that is no line number, in Japanese (exit 2: typed wrong)', async () => {
  const { code, err } = await world().cli('releases', ['--before', 'yesterday']);
  expect(code).toBe(2);
  expect(err.trim()).toBe(
    '--before「yesterday」は使えません。前のページが示した番号 (1 以上の整数) を指定してください。',
  );
});
