/**
 * The canary chart (issue 42): views and failure rate of the canary and the live release over the
 * canary's time, its steps and end marked. The lazy chunk "canary-chart" (CanaryChartSlot.tsx):
 * uPlot and this code load only when the chart is shown, never on a public page.
 */
import styled, { useTheme } from 'styled-components';
import type { ReleaseEnvironment } from 'shared-releases';
import { Button, Spinner } from 'shared-ui';
import { useCanarySeries } from '../../api/useCanarySeries';
import { serviceMessage } from '../../lib/releaseText';
import { Code, Muted } from '../releaseStyles';
import { metricsOf } from './seriesMetrics';
import { SeriesPlot } from './SeriesPlot';
import { SeriesSummary } from './SeriesSummary';
import { STATE_NAMES } from './seriesText';

/** Its items no wider than the card (a grid item is as wide as its content by default): at 375 px too. */
const Frame = styled.div`
  display: grid;
  gap: 12px;
  min-width: 0;

  & > * {
    min-width: 0;
  }
`;

const MetricName = styled.p`
  font-size: 0.9rem;
  font-weight: 700;
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 0.85rem;
`;

/** The line's look in the legend: solid for the canary, dashed for the live release, as drawn. */
const Swatch = styled.span<{ $colour: string; $dashed?: boolean }>`
  display: inline-block;
  width: 24px;
  margin-right: 6px;
  vertical-align: middle;
  border-top: 2px ${({ $dashed }) => ($dashed ? 'dashed' : 'solid')} ${({ $colour }) => $colour};
`;

export interface CanaryChartProps {
  remote: string;
  environment: ReleaseEnvironment;
  /** undefined: the canary on the line, else the latest one */
  version?: string | undefined;
}

export default function CanaryChart({ remote, environment, version }: CanaryChartProps) {
  const theme = useTheme();
  const query = useCanarySeries(remote, environment, version);
  if (query.isPending) return <Spinner label="推移を読み込んでいます..." />;
  if (query.isError)
    return (
      <p>
        <Muted>{serviceMessage(query.error, '推移を取得できませんでした。')}</Muted>{' '}
        <Button type="button" $variant="secondary" onClick={() => void query.refetch()}>
          再読み込み
        </Button>
      </p>
    );
  const series = query.data;
  return (
    <Frame>
      <p>
        <Code>{series.version}</Code>（{STATE_NAMES[series.state]}）・{series.bucketMinutes} 分ごと
      </p>
      <Legend aria-hidden="true">
        <li>
          <Swatch $colour={theme.colors.accentText} />
          カナリア
        </li>
        <li>
          <Swatch $colour={theme.colors.textMuted} $dashed />
          現行
        </li>
        <li>
          <Swatch $colour={theme.colors.text} $dashed />
          縦線: ステップ・判定
        </li>
      </Legend>
      {metricsOf(series).map((metric) => (
        <div key={metric.key} role="img" aria-label={`${metric.label}の推移のグラフ（数値は下の表）`}>
          <MetricName>{metric.label}</MetricName>
          <SeriesPlot series={series} metric={metric} />
        </div>
      ))}
      <SeriesSummary series={series} />
    </Frame>
  );
}
