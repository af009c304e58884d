import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider } from 'shared-context';
import { promotedSeries } from './seriesFixtures';
import { SeriesSummary } from './SeriesSummary';
import { summarySentence } from './seriesText';

describe('the canary chart as text', () => {
  it('says the run in one Japanese sentence: which canary, its span, the totals beside live, the steps', () => {
    expect(summarySentence(promotedSeries())).toBe(
      'カナリア v4（昇格済み）と現行 v2 の推移、2025年6月4日 10:00から2025年6月4日 10:03まで（1 分ごと）。' +
        '表示回数はカナリア 100 回、現行 150 回、失敗率はカナリア 3.0 %、現行 2.0 %。' +
        '経過: 開始 10% → 50%（自動） → 昇格。',
    );
  });

  it('says a running one runs to now, and a canary beside the deployed build names it', () => {
    const series = { ...promotedSeries(), state: 'running' as const, endedAt: null, live: null };
    expect(summarySentence(series)).toMatch(
      /^カナリア v4（実行中）と現行 デプロイ済みのビルド の推移、2025年6月4日 10:00から現在まで/,
    );
  });

  it('lists every bucket with views or an event in a table behind <details>, empty ones left out', async () => {
    render(
      <ThemeModeProvider>
        <SeriesSummary series={promotedSeries()} />
      </ThemeModeProvider>,
    );
    await userEvent.click(screen.getByText('推移を表で見る'));
    const table = screen.getByRole('table', { name: '1 分ごとの数値（表示のない時間帯は省略）' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['時刻', 'カナリア 表示回数', 'カナリア 失敗率', '現行 表示回数', '現行 失敗率', '出来事'],
      ['10:00', '10 回', '10.0 %', '90 回', '0.0 %', '開始 10%'],
      ['10:02', '40 回', '5.0 %', '60 回', '5.0 %', '50%（自動）'],
      ['10:03', '50 回', '0.0 %', '0 回', '—', '昇格'],
    ]);
    // Scrollable at 375 px: reachable by keyboard.
    expect(screen.getByRole('region', { name: 'カナリア v4 の推移の表' })).toHaveAttribute('tabindex', '0');
  });
});
