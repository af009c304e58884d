import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, type FakeReply } from 'shared-data/testing';
import { CANARY_STARTED, canaryAnswer, runningAt, runningCanaryOverview } from './canaryFixtures';
import { CANARY, canaryPanel, fakeService, renderPage, rowsOf } from './canaryTestKit';
import { adminOverview } from './releaseFixtures';

describe('the リリース page’s canary panel', () => {
  it('shows a running canary: share, version, start, and live and canary health side by side', async () => {
    fakeService(runningCanaryOverview(10));
    renderPage();
    const panel = await canaryPanel();
    expect(panel).toHaveTextContent('状態実行中 10 %');
    expect(panel).toHaveTextContent('バージョンv4');
    expect(panel).toHaveTextContent('開始2025年6月4日 10:00・console-team@example.com');
    const health = within(panel).getByRole('table', { name: '健全性（直近 10 分）' });
    expect(rowsOf(health)).toEqual(['現行 v21,200 回1.0 %', 'カナリア v4200 回1.5 %']);
    expect(panel).toHaveTextContent(
      '現在の判定: 健全（逐次検定（誤取り下げ率 5.0 %、検出力 80.0 %、検出する差 5 ポイント、最小 50 回）。尤度比: 悪化 0.42（取り下げ境界 20）・健全 7.9（健全境界 5））',
    );
    expect(within(panel).getByRole('button', { name: '昇格 (100 %)' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: '中止' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: '割合を 10 % に変更' })).toBeDisabled(); // the share now
    expect(within(panel).getByRole('button', { name: '割合を 50 % に変更' })).toBeEnabled();
  });

  it("shows a planned canary's steps: where it is, the plan, and a pause", async () => {
    const overview = runningCanaryOverview(10);
    overview.remotes[1]!.environments.production.canary!.plan = {
      steps: [1, 10, 50],
      soakSeconds: 600,
      step: 1,
      stepStartedAt: CANARY_STARTED,
      paused: true,
    };
    fakeService(overview);
    renderPage();
    expect(await canaryPanel()).toHaveTextContent(
      'console-team@example.comステップ2/3（1 → 10 → 50 % → 昇格、各 10 分以上・健全の判定で自動で進みます）・一時停止中健全性',
    );
  });

  it('pauses a planned canary after the confirmation, then offers 再開', async () => {
    const planned = (paused: boolean) => {
      const overview = runningCanaryOverview(10);
      overview.remotes[1]!.environments.production.canary!.plan = {
        steps: [10, 50],
        soakSeconds: 600,
        step: 0,
        stepStartedAt: CANARY_STARTED,
        paused,
      };
      return overview;
    };
    const { api } = fakeService(planned(false), (_request, state) => {
      state.overview = planned(true);
      return { status: 200, body: canaryAnswer(runningAt(10)) };
    });
    renderPage();
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '一時停止' }));
    const dialog = await screen.findByRole('dialog', { name: 'カナリアのステップを一時停止しますか？' });
    expect(dialog).toHaveTextContent(
      'admin-console（admin_console）の本番 (production)のカナリア v4 を今の割合のまま止め',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '一時停止する' }));
    expect(
      await screen.findByText('admin-console の本番 (production)のカナリア v4 のステップを一時停止しました。'),
    ).toBeInTheDocument();
    expect(api.sent('POST', `${CANARY}/pause`).map((r) => r.body)).toEqual([{ expectedCanary: 'v4' }]);
    expect(await within(await canaryPanel()).findByRole('button', { name: '再開' })).toBeEnabled();
  });

  it('without a canary: says how to start one, shows the live release’s health, offers only カナリアを開始', async () => {
    fakeService(adminOverview());
    renderPage();
    const panel = await canaryPanel();
    expect(panel).toHaveTextContent('カナリアは実行していません');
    expect(panel).toHaveTextContent('npm run release -- admin-console --canary 10');
    expect(rowsOf(within(panel).getByRole('table', { name: '健全性（直近 10 分）' }))).toEqual([
      '現行 v21,200 回0.0 %',
    ]);
    // Nothing acts on a canary that is not there: the only button starts one (CanaryStartForm.test.tsx).
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['カナリアを開始']);
    const publicSite = await screen.findByRole('region', { name: /^public-site/ });
    const staging = within(publicSite).getByRole('region', { name: 'ステージング (staging)' });
    expect(within(staging).getByRole('region', { name: 'カナリア（public-site・ステージング）' })).toHaveTextContent(
      'npm run release -- public-site --canary 10 --env staging',
    );
    expect(within(staging).getByRole('row', { name: /現行/ })).toHaveTextContent('現行 デプロイ済みのビルド0 回—');
  });

  it('changes the share typed in after the confirmation, says so, and shows the new share', async () => {
    const { api } = fakeService(runningCanaryOverview(10), (request, state) => {
      state.overview = runningCanaryOverview(25);
      return { status: 200, body: canaryAnswer(runningAt((request.body as { percent: number }).percent)) };
    });
    renderPage();
    await userEvent.type(within(await canaryPanel()).getByRole('spinbutton', { name: '新しい割合 (%)' }), '25');
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '割合を変更' }));

    const dialog = await screen.findByRole('dialog', { name: 'カナリアの割合を変更しますか？' });
    expect(dialog).toHaveTextContent(
      'admin-console（admin_console）の本番 (production)のカナリア v4 を、訪問者の 10 % から 25 % に配信します。',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '変更する' }));
    expect(
      await screen.findByText('admin-console の本番 (production)のカナリア v4 を訪問者の 25 % に配信しています。'),
    ).toBeInTheDocument();
    expect(api.sent('POST', CANARY).map((r) => r.body)).toEqual([{ percent: 25, expectedCanary: 'v4' }]);
    // The confirmed action carries an operation id of its own (docs/releasing.md, "Operation ids").
    expect(api.sent('POST', CANARY)[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => expect(await canaryPanel()).toHaveTextContent('状態実行中 25 %'));
    expect(within(await canaryPanel()).getByRole('spinbutton', { name: '新しい割合 (%)' })).toHaveValue(null); // afresh
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers 50 % in one click; cancelling the dialog sends nothing', async () => {
    const { api } = fakeService(runningCanaryOverview(10), () => ({ status: 200, body: canaryAnswer(runningAt(50)) }));
    renderPage();
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '割合を 50 % に変更' }));
    const dialog = await screen.findByRole('dialog', { name: 'カナリアの割合を変更しますか？' });
    expect(dialog).toHaveTextContent('訪問者の 10 % から 50 % に配信します。');
    await userEvent.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent('POST', CANARY)).toHaveLength(0);

    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '割合を 50 % に変更' }));
    await userEvent.click(await screen.findByRole('button', { name: '変更する' }));
    expect(await screen.findByText(/カナリア v4 を訪問者の 50 % に配信しています。/)).toBeInTheDocument();
    expect(api.sent('POST', CANARY).map((r) => r.body)).toEqual([{ percent: 50, expectedCanary: 'v4' }]);
  });

  it.each([
    ['0', '1〜99 の整数を入力してください（100 % は昇格、0 % は中止です）。'],
    ['100', '1〜99 の整数を入力してください（100 % は昇格、0 % は中止です）。'],
    ['', '1〜99 の整数を入力してください（100 % は昇格、0 % は中止です）。'],
    ['2.5', '1〜99 の整数を入力してください（100 % は昇格、0 % は中止です）。'],
    ['10', 'カナリアは既に 10 % です。'],
  ])('refuses the share “%s” beside the field, without a dialog or a request', async (typed, message) => {
    const { api } = fakeService(runningCanaryOverview(10));
    renderPage();
    const field = within(await canaryPanel()).getByRole('spinbutton', { name: '新しい割合 (%)' });
    if (typed) await userEvent.type(field, typed);
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '割合を変更' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('promotes the canary to every visitor after the confirmation; every button waits meanwhile', async () => {
    const answer = deferred<FakeReply>();
    const { api } = fakeService(runningCanaryOverview(10), () => answer.promise);
    renderPage();
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '昇格 (100 %)' }));
    const dialog = await screen.findByRole('dialog', { name: 'カナリアを昇格しますか？' });
    expect(dialog).toHaveTextContent(
      'admin-console（admin_console）の本番 (production)のカナリア v4 をすべての訪問者（100 %）に配信します。現行の v2 は配信されなくなります。',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '昇格する' }));
    expect(await screen.findByRole('button', { name: '実行中...' })).toBeDisabled();
    const panel = await canaryPanel(true);
    for (const name of ['昇格 (100 %)', '中止', '割合を変更', '割合を 50 % に変更'])
      expect(within(panel).getByRole('button', { name, hidden: true })).toBeDisabled();

    answer.resolve({ status: 200, body: canaryAnswer(null, 'v4') });
    expect(
      await screen.findByText(
        'admin-console の本番 (production)のカナリア v4 を昇格しました。すべての訪問者に v4 を配信しています。',
      ),
    ).toBeInTheDocument();
    expect(api.sent('POST', `${CANARY}/promote`).map((r) => r.body)).toEqual([{ expectedCanary: 'v4' }]);
  });

  it('aborts the canary after the confirmation: every visitor is served the live release again', async () => {
    const { api } = fakeService(runningCanaryOverview(10), (_request, state) => {
      state.overview = adminOverview();
      return { status: 200, body: canaryAnswer(null) };
    });
    renderPage();
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '中止' }));
    const dialog = await screen.findByRole('dialog', { name: 'カナリアを中止しますか？' });
    expect(dialog).toHaveTextContent('カナリア v4 の配信をやめ、すべての訪問者に現行の v2 を配信します。');
    await userEvent.click(within(dialog).getByRole('button', { name: '中止する' }));
    expect(
      await screen.findByText(
        'admin-console の本番 (production)のカナリア v4 を中止しました。すべての訪問者に v2 を配信しています。',
      ),
    ).toBeInTheDocument();
    expect(api.sent('POST', `${CANARY}/abort`)).toHaveLength(1);
    await waitFor(async () => expect(await canaryPanel()).toHaveTextContent('カナリアは実行していません'));
  });

  it('shows a refusal with the service’s sentence, and the panel as it was', async () => {
    const refusal = 'admin-console の本番 (production)のカナリアは、この操作の間に自動で取り下げられました。';
    fakeService(runningCanaryOverview(10), () => ({ status: 409, body: { error: refusal } }));
    renderPage();
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '割合を 50 % に変更' }));
    await userEvent.click(await screen.findByRole('button', { name: '変更する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await canaryPanel()).toHaveTextContent('状態実行中 10 %');
  });

  it('says when no answer came', async () => {
    fakeService(runningCanaryOverview(10), () => 'network-error');
    renderPage();
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '中止' }));
    await userEvent.click(await screen.findByRole('button', { name: '中止する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('リリースサービスに接続できません');
  });

  it('still shows the page when the service sends no canary or health (one older than the page)', async () => {
    const old = adminOverview();
    for (const remote of old.remotes)
      for (const environment of Object.values(remote.environments)) {
        delete (environment as Partial<typeof environment>).canary;
        delete (environment as Partial<typeof environment>).health;
      }
    fakeService(old);
    renderPage();
    const panel = await canaryPanel();
    expect(panel).toHaveTextContent('カナリアは実行していません');
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
  });
});
