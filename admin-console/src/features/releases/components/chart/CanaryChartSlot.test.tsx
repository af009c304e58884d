/** The chart's place in the canary panel when its chunk cannot be loaded: a sentence, nothing broken. */
import { render, screen } from '@testing-library/react';
import { ThemeModeProvider } from 'shared-context';
import { CanaryChartSlot } from './CanaryChartSlot';

// As a chunk that cannot be fetched (a deploy replaced it, the network dropped): the import rejects.
jest.mock('./CanaryChart', () => {
  throw new Error('Loading chunk canary-chart failed.');
});

it('says the chart cannot be shown, in Japanese, when its chunk does not load', async () => {
  const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <ThemeModeProvider>
      <CanaryChartSlot remote="admin_console" environment="production" version="v4" />
    </ThemeModeProvider>,
  );
  expect(await screen.findByText('推移のグラフを表示できませんでした。上の表の数値は最新です。')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '推移' })).toBeInTheDocument();
  quiet.mockRestore();
});
