import { lazy, Suspense, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { ReleaseEnvironment } from 'shared-releases';
import { ErrorBoundary, Spinner } from 'shared-ui';
import { Muted } from '../releaseStyles';

// Its own chunk, fetched when a chart is shown: uPlot never weighs on the page's first load.
const CanaryChart = lazy(() => import(/* webpackChunkName: "canary-chart" */ './CanaryChart'));

const Slot = styled.div`
  display: grid;
  gap: 8px;
  min-width: 0;

  h5 {
    margin: 0;
    font-size: 1rem;
  }

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.accentText};
  }
`;

const titled = (content: ReactNode) => (
  <Slot>
    <h5>推移</h5>
    {content}
  </Slot>
);

interface CanaryChartSlotProps {
  remote: string;
  environment: ReleaseEnvironment;
  /** The canary on the line (running or withdrawn); null: none, the latest one is shown on request. */
  version: string | null;
}

/**
 * Where the canary panel shows the chart (docs/canary-releases.md, "Charts"): at once for the
 * canary on the line, in a disclosure for the latest past one. A chart that cannot load (its chunk
 * or its data) leaves the panel's figures as they were.
 */
export function CanaryChartSlot({ remote, environment, version }: CanaryChartSlotProps) {
  const [opened, setOpened] = useState(false);
  const chart = (
    <ErrorBoundary
      resetKey={version}
      fallback={() => (
        <p>
          <Muted>推移のグラフを表示できませんでした。上の表の数値は最新です。</Muted>
        </p>
      )}
    >
      <Suspense fallback={<Spinner label="推移のグラフを読み込んでいます..." />}>
        <CanaryChart remote={remote} environment={environment} version={version ?? undefined} />
      </Suspense>
    </ErrorBoundary>
  );
  if (version !== null) return titled(chart);
  // A disclosure, not an action: the chart (and its chunk) only once it is opened.
  return titled(
    <details onToggle={(event) => setOpened(event.currentTarget.open)}>
      <summary>前回のカナリアの推移を表示</summary>
      {opened && chart}
    </details>,
  );
}
