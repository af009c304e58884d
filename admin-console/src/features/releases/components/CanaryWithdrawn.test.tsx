import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { canaryAnswer, WITHDRAWAL, withdrawalEntry, withdrawnCanaryOverview } from './canaryFixtures';
import { CANARY, canaryPanel, fakeService, renderPage, rowsOf } from './canaryTestKit';
import { adminOverview, auditEntries } from './releaseFixtures';

describe('a canary the service withdrew, on the リリース page', () => {
  it('shows a canary the service withdrew: why, the figures it decided on, no share or promotion; the audit line by 自動', async () => {
    fakeService(withdrawnCanaryOverview(), undefined, [...auditEntries(), withdrawalEntry()]);
    renderPage();
    const panel = await canaryPanel();
    expect(panel).toHaveTextContent('状態自動で取り下げ');
    expect(panel).toHaveTextContent('取り下げ2025年6月4日 10:00・自動');
    expect(panel).toHaveTextContent('このカナリアは失敗率が高いため自動で取り下げられました。');
    const decision = within(panel).getByRole('table', { name: '取り下げの判断に使った数値' });
    expect(rowsOf(decision)).toEqual(['現行 v2600 回1.0 %', 'カナリア v460 回50.0 %']);
    expect(panel).toHaveTextContent(
      '判定: 逐次検定（誤取り下げ率 5.0 %、検出力 80.0 %、検出する差 5 ポイント、最小 50 回）で現行より悪いと判断（尤度比: 悪化 51234.5（取り下げ境界 20）・健全 0（健全境界 5）、開始から 42 秒で判断）。',
    );
    expect(within(panel).queryByRole('button', { name: /割合|昇格/ })).not.toBeInTheDocument();

    const remote = await screen.findByRole('region', { name: /^admin-console/ });
    const audit = within(remote).getByRole('table', { name: 'admin-console の監査ログ' });
    const [withdrawal] = within(audit).getAllByRole('row').slice(1);
    expect(withdrawal).toHaveTextContent('カナリア自動取り下げ');
    expect(within(withdrawal!).getAllByRole('cell')[1]).toHaveTextContent(/^自動$/);
    expect(withdrawal).toHaveTextContent('割合 0 %');
    expect(withdrawal).toHaveTextContent(
      '失敗率 カナリア 50.0 %（60 回）・現行 1.0 %（600 回）・尤度比 51234.5（境界 20）',
    );
  });

  it('shows a withdrawal an older service decided by its fixed margin, with that rule', async () => {
    fakeService(withdrawnCanaryOverview(WITHDRAWAL), undefined, [...auditEntries(), withdrawalEntry(WITHDRAWAL)]);
    renderPage();
    const panel = await canaryPanel();
    expect(panel).toHaveTextContent(
      '判定条件: カナリアの表示が 50 回以上で、失敗率が現行を 25 ポイントより多く上回ったとき（開始から 42 秒で判断）。',
    );
    const remote = await screen.findByRole('region', { name: /^admin-console/ });
    const audit = within(remote).getByRole('table', { name: 'admin-console の監査ログ' });
    const [withdrawal] = within(audit).getAllByRole('row').slice(1);
    expect(withdrawal).toHaveTextContent(/失敗率 カナリア 50\.0 %（60 回）・現行 1\.0 %（600 回）$/);
  });

  it('clears a withdrawn canary with 中止, saying that visitors are not affected', async () => {
    const { api } = fakeService(withdrawnCanaryOverview(), (_request, state) => {
      state.overview = adminOverview();
      return { status: 200, body: canaryAnswer(null) };
    });
    renderPage();
    await userEvent.click(within(await canaryPanel()).getByRole('button', { name: '中止' }));
    const dialog = await screen.findByRole('dialog', { name: 'カナリアを中止しますか？' });
    expect(dialog).toHaveTextContent(
      '取り下げられたカナリア v4 を片付けます。訪問者への配信は変わりません（すべての訪問者に現行の v2）。',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '中止する' }));
    expect(await screen.findByText(/カナリア v4 を中止しました。/)).toBeInTheDocument();
    expect(api.sent('POST', `${CANARY}/abort`)).toHaveLength(1);
    await waitFor(async () => expect(await canaryPanel()).toHaveTextContent('カナリアは実行していません'));
  });
});
