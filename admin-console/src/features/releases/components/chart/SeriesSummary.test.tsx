import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeModeProvider } from 'shared-ui';
import { promotedSeries, seriesWithLcp } from './seriesFixtures';
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

  it('with vitals: the p75 of each vital some page load reported, in the sentence and as columns (none reported, none shown)', async () => {
    expect(summarySentence(seriesWithLcp())).toContain(
      '失敗率はカナリア 3.0 %、現行 2.0 %、LCP p75はカナリア 3,818 ms、現行 2,118 ms。',
    );
    expect(summarySentence(seriesWithLcp())).not.toContain('INP');
    render(
      <ThemeModeProvider>
        <SeriesSummary series={seriesWithLcp()} />
      </ThemeModeProvider>,
    );
    await userEvent.click(screen.getByText('推移を表で見る'));
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows[0]).toEqual([
      '時刻',
      'カナリア 表示回数',
      'カナリア 失敗率',
      'カナリア LCP p75',
      '現行 表示回数',
      '現行 失敗率',
      '現行 LCP p75',
      '出来事',
    ]);
    expect(rows[2]).toEqual(['10:02', '40 回', '5.0 %', '3,790 ms', '60 回', '5.0 %', '2,130 ms', '50%（自動）']);
    expect(rows[3]).toEqual(['10:03', '50 回', '0.0 %', '3,805 ms', '0 回', '—', '—', '昇格']);
  });
});
