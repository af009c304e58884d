import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FlipResult, ReleaseOverview } from 'shared-releases';
import { deferred, fakeFetch, renderApp, signedIn, testUser, type FakeReply } from 'shared-data/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth, TEST_TOKEN } from '../../../testing/adminAuth';
import {
  adminOverview,
  auditEntries,
  GATE_PROBLEM,
  GATE_REFUSAL,
  manifestOf,
  step,
  teamOverview,
} from './releaseFixtures';

const renderPage = (auth = adminAuth) => renderApp(<AdminConsoleRoutes />, { url: '/admin/releases', auth });

/** A fake release service: the overview it holds, the audit log, and what a flip answers. */
function fakeService(
  flip: (path: string) => FakeReply | Promise<FakeReply>,
  overview: ReleaseOverview = adminOverview(),
) {
  const state = { overview };
  const api = fakeFetch((request) => {
    if (request.method === 'GET' && request.path === '/releases') return { status: 200, body: state.overview };
    if (request.method === 'GET' && request.path === '/releases/audit')
      return { status: 200, body: { entries: auditEntries() } };
    if (request.method === 'POST') return flip(request.path);
    return { status: 404, body: { error: '見つかりません。' } };
  });
  return { api, state };
}

// `hidden`: while the dialog is open, Radix hides the page from assistive technology.
const remoteSection = (name: RegExp, hidden = false) => screen.findByRole('region', { name, hidden });
const environment = async (remote: RegExp, label: string, hidden = false) =>
  within(await remoteSection(remote, hidden)).getByRole('region', { name: label, hidden });

const flipped = (version: string, action: 'promote' | 'rollback'): FlipResult => ({
  remote: 'admin_console',
  environment: 'production',
  live: step(version, action, '2025-06-04T00:00:00.000Z'),
  notes: [],
});

describe('the リリース page', () => {
  it('shows per remote and environment the live release, its history, the versions and the audit log', async () => {
    fakeService(() => ({ status: 500 }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'リリース' })).toBeInTheDocument();
    expect(document.title).toContain('リリース');

    const staging = await environment(/^admin-console/, 'ステージング (staging)');
    expect(staging).toHaveTextContent('公開中v3');
    expect(staging).toHaveTextContent('2025年6月3日 10:00');
    expect(staging).toHaveTextContent('実行者console-team@example.com');
    expect(staging).toHaveTextContent(manifestOf('v3'));
    const history = within(staging).getByRole('list', { name: 'ステージング (staging)の履歴' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.split(' ')[0]),
    ).toEqual(['v3', 'v2', 'v1']);

    const production = await environment(/^admin-console/, '本番 (production)');
    expect(production).toHaveTextContent('公開中v2');
    expect(within(production).queryByRole('button', { name: '本番へ昇格' })).not.toBeInTheDocument();

    const publicSite = await environment(/^public-site/, '本番 (production)');
    expect(publicSite).toHaveTextContent('リリースストアからの配信はありません');
    expect(within(publicSite).getByRole('button', { name: 'ロールバック' })).toBeDisabled();

    const versions = within(await remoteSection(/^admin-console/)).getByRole('table', {
      name: 'admin-console の公開済みバージョン',
    });
    expect(within(versions).getByRole('button', { name: 'v2 を本番へ昇格' })).toBeDisabled(); // live there
    expect(within(versions).getByRole('button', { name: 'v1 を本番へ昇格' })).toBeEnabled();

    const audit = within(await remoteSection(/^admin-console/)).getByRole('table', {
      name: 'admin-console の監査ログ',
    });
    const rows = within(audit).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2); // public_site's line is in its own section
    expect(rows[0]).toHaveTextContent('昇格');
    expect(rows[0]).toHaveTextContent('拒否');
    expect(rows[0]).toHaveTextContent(GATE_REFUSAL);
    expect(within(rows[0]!).getByRole('listitem')).toHaveTextContent(GATE_PROBLEM);
    expect(rows[1]).toHaveTextContent('完了');
  });

  it('promotes what staging serves after the confirmation, says so, and shows production anew', async () => {
    const { api, state } = fakeService(() => {
      const next = adminOverview();
      const admin = next.remotes[1]!;
      admin.environments.production.live = step('v3', 'promote', '2025-06-04T00:00:00.000Z');
      state.overview = next;
      return { status: 200, body: flipped('v3', 'promote') };
    });
    renderPage();
    const staging = await environment(/^admin-console/, 'ステージング (staging)');
    await userEvent.click(within(staging).getByRole('button', { name: '本番へ昇格' }));

    const dialog = await screen.findByRole('dialog', { name: '本番へ昇格しますか？' });
    expect(dialog).toHaveTextContent('admin-console（admin_console） の v3 を本番 (production)に昇格します。');
    await userEvent.click(within(dialog).getByRole('button', { name: '昇格する' }));

    expect(await screen.findByText('admin-console の v3 を本番 (production)に昇格しました。')).toBeInTheDocument();
    const [promotion] = api.sent('POST', '/releases/admin_console/production/promote');
    expect(promotion?.body).toEqual({ version: 'v3' });
    expect(promotion?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    await waitFor(async () =>
      expect(await environment(/^admin-console/, '本番 (production)')).toHaveTextContent('公開中v3'),
    );
    expect(api.sent('GET', '/releases/audit').length).toBeGreaterThan(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('rolls back an environment to the release before after naming it, and cancelling sends nothing', async () => {
    const { api } = fakeService(() => ({ status: 200, body: flipped('v1', 'rollback') }));
    renderPage();
    const production = await environment(/^admin-console/, '本番 (production)');
    await userEvent.click(within(production).getByRole('button', { name: 'ロールバック' }));
    const dialog = await screen.findByRole('dialog', { name: 'ロールバックしますか？' });
    expect(dialog).toHaveTextContent('admin-console（admin_console） の本番 (production)を v2 から v1 に戻します。');
    await userEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('POST', '/releases/admin_console/production/rollback')).toHaveLength(0);

    await userEvent.click(within(production).getByRole('button', { name: 'ロールバック' }));
    await userEvent.click(await screen.findByRole('button', { name: 'ロールバックする' }));
    expect(await screen.findByText('admin-console の本番 (production)を v1 に戻しました。')).toBeInTheDocument();
    const rollbacks = api.sent('POST', '/releases/admin_console/production/rollback');
    expect(rollbacks).toHaveLength(1);
    // What the dialog named as live: a page opened before another member's release is refused, not obeyed.
    expect(rollbacks[0]?.body).toEqual({ expectedLive: 'v2' });
  });

  it('waits with every button while a request runs', async () => {
    const answer = deferred<FakeReply>();
    fakeService(() => answer.promise);
    renderPage();
    const versions = within(await remoteSection(/^admin-console/)).getByRole('table', {
      name: 'admin-console の公開済みバージョン',
    });
    await userEvent.click(within(versions).getByRole('button', { name: 'v1 を本番へ昇格' }));
    await userEvent.click(await screen.findByRole('button', { name: '昇格する' }));

    expect(await screen.findByRole('button', { name: '実行中...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
    const staging = await environment(/^admin-console/, 'ステージング (staging)', true);
    expect(within(staging).getByRole('button', { name: '本番へ昇格', hidden: true })).toBeDisabled();
    expect(within(staging).getByRole('button', { name: 'ロールバック', hidden: true })).toBeDisabled();

    answer.resolve({ status: 200, body: flipped('v1', 'promote') });
    expect(await screen.findByText('admin-console の v1 を本番 (production)に昇格しました。')).toBeInTheDocument();
  });

  it('shows a refusal as the service’s message with the gate’s problems as a list', async () => {
    fakeService(() => ({ status: 409, body: { error: GATE_REFUSAL, problems: [GATE_PROBLEM, '二つ目の問題'] } }));
    renderPage();
    const staging = await environment(/^admin-console/, 'ステージング (staging)');
    await userEvent.click(within(staging).getByRole('button', { name: '本番へ昇格' }));
    await userEvent.click(await screen.findByRole('button', { name: '昇格する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(GATE_REFUSAL);
    const problems = screen.getByRole('list', { name: '互換性チェックの問題' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([GATE_PROBLEM, '二つ目の問題']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a release-team member their own remote only', async () => {
    fakeService(() => ({ status: 500 }), teamOverview());
    const member = signedIn(testUser({ email: 'public-team@example.com' }), {
      releaseTeams: ['public-site'],
      getIdToken: async () => 'team-token',
    });
    renderPage(member);
    expect(await remoteSection(/^public-site/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^admin-console/ })).not.toBeInTheDocument();
    expect(screen.getByText('チーム public-site のリモートのステージングと本番を表示しています。')).toBeInTheDocument();
  });

  it('shows the service’s 403 to an account it does not let release', async () => {
    fakeFetch({
      'GET /releases': () => ({
        status: 403,
        body: { error: 'リリースの権限がありません。リリースチームのメンバーか管理者だけが利用できます。' },
      }),
      'GET /releases/audit': () => ({ status: 403, body: { error: 'リリースの権限がありません。' } }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'リリースの権限がありません。リリースチームのメンバーか管理者だけが利用できます。',
    );
  });
});
