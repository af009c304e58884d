import { useEffect, useRef } from 'react';
import styled, { useTheme } from 'styled-components';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CanarySeries } from 'shared-releases';
import { PLOT_HEIGHT, plotData, plotOptions } from './chartOptions';
import type { SeriesMetric } from './seriesMetrics';

/** As wide as the card (at 375 px too): uPlot is sized to it, and again when it changes. */
const Plot = styled.div`
  min-width: 0;
  height: ${PLOT_HEIGHT}px;
`;

/** Width before the first measure (and in tests, where nothing is laid out). */
const FALLBACK_WIDTH = 600;

/**
 * One measure of the series drawn by uPlot (a canvas: a picture only; SeriesSummary has the text).
 * Made anew when the series, the measure or the theme changes, and destroyed on unmount.
 */
export function SeriesPlot({ series, metric }: { series: CanarySeries; metric: SeriesMetric }) {
  const theme = useTheme();
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current!;
    const width = () => element.clientWidth || FALLBACK_WIDTH;
    const plot = new uPlot(plotOptions(series, metric, theme, width()), plotData(series, metric), element);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: width(), height: PLOT_HEIGHT }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [series, metric, theme]);
  return <Plot ref={frame} data-testid={`series-plot-${metric.key}`} />;
}
