/**
 * The canary chart on the リリース page (issue 42), uPlot replaced by a recorder (jsdom draws no
 * canvas): what it is asked to draw, in which theme's colours, what the page says instead when the
 * series cannot be had, and that a past canary is drawn only on request.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type uPlot from 'uplot';
import type { ReleaseOverview } from 'shared-releases';
import { darkTheme, lightTheme } from 'shared-ui';
import { fakeFetch, renderApp, type FakeReply } from 'shared-data/testing';
import AdminConsoleRoutes from '../../../../routes';
import { adminAuth } from '../../../../testing/adminAuth';
import { runningCanaryOverview } from '../canaryFixtures';
import { canaryPanel } from '../canaryTestKit';
import { adminOverview, auditEntries } from '../releaseFixtures';
import { promotedSeries, seriesWithLcp } from './seriesFixtures';

const plots: { options: uPlot.Options; data: uPlot.AlignedData; destroyed: boolean }[] = [];
jest.mock('uplot', () => {
  const Plot = jest.fn((options: uPlot.Options, data: uPlot.AlignedData) => {
    const plot = { options, data, destroyed: false };
    plots.push(plot);
    return { setSize: jest.fn(), destroy: () => (plot.destroyed = true) };
  });
  return { __esModule: true, default: Object.assign(Plot, { tzDate: (date: Date) => date }) };
});

const SERIES = '/releases/admin_console/production/canary/series';

function serve(overview: ReleaseOverview, series: () => FakeReply = () => ({ status: 200, body: promotedSeries() })) {
  return fakeFetch((request) => {
    if (request.path === '/releases') return { status: 200, body: overview };
    if (request.path === '/releases/audit') return { status: 200, body: { entries: auditEntries() } };
    if (request.path === SERIES) return series();
    return { status: 404, body: { error: '見つかりません。' } };
  });
}

const renderPage = () => renderApp(<AdminConsoleRoutes />, { url: '/admin/releases', auth: adminAuth });

beforeEach(() => {
  plots.length = 0;
  localStorage.clear();
});

describe('the canary chart', () => {
  it('draws views and failure rate of canary and live per bucket, in the light theme’s colours', async () => {
    const api = serve(runningCanaryOverview(10));
    const { unmount } = renderPage();
    const panel = await canaryPanel();
    await waitFor(() => expect(plots).toHaveLength(2));
    expect(api.sent('GET', SERIES)).toHaveLength(1);
    expect(api.sent('GET', SERIES)[0]!.url).toMatch(/\?version=v4$/); // the canary on the line
    const [views, rates] = plots;
    const seconds = Date.parse('2025-06-04T01:00:00.000Z') / 1000 + 30; // each 1-minute bucket's middle
    expect(views!.data).toEqual([
      [seconds, seconds + 60, seconds + 120, seconds + 180],
      [10, 0, 40, 50],
      [90, 0, 60, 0],
    ]);
    expect(rates!.data).toEqual([views!.data[0], [0.1, null, 0.05, 0], [0, null, 0.05, null]]);
    expect(views!.options.series.slice(1).map((line) => [line.label, line.stroke])).toEqual([
      ['カナリア', lightTheme.colors.accentText],
      ['現行', lightTheme.colors.textMuted],
    ]);
    expect(views!.options.axes!.map((axis) => axis.stroke)).toEqual([lightTheme.colors.text, lightTheme.colors.text]);
    // Each picture is named for a screen reader, which finds the numbers in the table.
    expect(within(panel).getByRole('img', { name: '表示回数の推移のグラフ（数値は下の表）' })).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: '失敗率の推移のグラフ（数値は下の表）' })).toBeInTheDocument();
    expect(within(panel).getByText('推移を表で見る')).toBeInTheDocument();
    unmount();
    expect(plots.map((plot) => plot.destroyed)).toEqual([true, true]);
  });

  it('draws a third chart, LCP p75 per bucket, when page loads reported it (no INP or CLS chart without values)', async () => {
    serve(runningCanaryOverview(10), () => ({ status: 200, body: seriesWithLcp() }));
    renderPage();
    const panel = await canaryPanel();
    await waitFor(() => expect(plots).toHaveLength(3));
    expect(plots[2]!.data.slice(1)).toEqual([
      [3820, null, 3790.4, 3805],
      [2110, null, 2130, null],
    ]);
    expect(within(panel).getByRole('img', { name: 'LCP p75の推移のグラフ（数値は下の表）' })).toBeInTheDocument();
    expect(within(panel).queryByRole('img', { name: /INP|CLS/ })).toBeNull();
  });

  it('draws in the dark theme’s colours when the page is dark', async () => {
    localStorage.setItem('theme', 'dark');
    serve(runningCanaryOverview(10));
    renderPage();
    await waitFor(() => expect(plots).toHaveLength(2));
    const { options } = plots[0]!;
    expect(options.series.slice(1).map((line) => line.stroke)).toEqual([
      darkTheme.colors.accentText,
      darkTheme.colors.textMuted,
    ]);
    expect((options.axes![0]!.grid as { stroke: string }).stroke).toBe(darkTheme.colors.border);
  });

  it('marks the steps and the end: the event labels uPlot’s draw hook writes', async () => {
    serve(runningCanaryOverview(10));
    renderPage();
    await waitFor(() => expect(plots).toHaveLength(2));
    const written: string[] = [];
    const ctx = new Proxy(
      { measureText: () => ({ width: 10 }), fillText: (text: string) => written.push(text) },
      {
        get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined),
        set: () => true,
      },
    );
    const plot = { ctx, bbox: { left: 0, top: 0, width: 1000, height: 100 }, valToPos: () => 500 };
    for (const hook of plots[0]!.options.plugins![0]!.hooks.draw as ((p: unknown) => void)[]) hook(plot);
    expect(written).toEqual(['開始 10%', '50%', '昇格']);
  });

  it('says why when the series cannot be had, and leaves the panel’s figures as they were', async () => {
    serve(runningCanaryOverview(10), () => ({
      status: 503,
      body: { error: 'リリースのデータベースに一時的に接続できません。' },
    }));
    renderPage();
    const panel = await canaryPanel();
    expect(await within(panel).findByText('リリースのデータベースに一時的に接続できません。')).toBeInTheDocument();
    expect(plots).toHaveLength(0);
    expect(within(panel).getByRole('table', { name: '健全性（直近 10 分）' })).toBeInTheDocument();
  });

  it('draws the latest past canary only when asked (no canary on the line)', async () => {
    const api = serve(adminOverview());
    renderPage();
    const panel = await canaryPanel();
    expect(api.sent('GET', SERIES)).toHaveLength(0);
    await userEvent.click(within(panel).getByText('前回のカナリアの推移を表示'));
    await waitFor(() => expect(plots).toHaveLength(2));
    expect(api.sent('GET', SERIES)[0]!.url).not.toContain('version='); // the latest one, whichever
    expect(screen.getAllByText(/昇格済み/).length).toBeGreaterThan(0);
  });
});
