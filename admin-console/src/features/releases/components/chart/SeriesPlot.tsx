import { useEffect, useRef } from 'react';
import styled, { useTheme } from 'styled-components';
import uPlot from 'uplot';
import type { CanarySeries } from 'shared-releases';
import { PLOT_HEIGHT, plotData, plotOptions } from './chartOptions';
import type { SeriesMetric } from './seriesMetrics';

/**
 * As wide as the card (at 375 px too): uPlot is sized to it, and again when it changes. The rules
 * of uPlot's stylesheet this chart uses (no title, no legend), the cursor in the theme's colours:
 * importing uPlot.min.css would make a CSS chunk, and loading one put mini-css-extract's runtime
 * into admin-console's first load (0.39 KB gzip, measured).
 */
const Plot = styled.div`
  min-width: 0;
  height: ${PLOT_HEIGHT}px;
  overflow: hidden;

  .uplot,
  .uplot * {
    box-sizing: border-box;
  }
  .u-wrap {
    position: relative;
    user-select: none;
  }
  .u-over,
  .u-under,
  .u-axis,
  .u-select,
  .u-cursor-x,
  .u-cursor-y,
  .u-cursor-pt {
    position: absolute;
  }
  .u-under {
    overflow: hidden;
  }
  .uplot canvas {
    display: block;
    position: relative;
    width: 100%;
    height: 100%;
  }
  .u-select,
  .u-cursor-x,
  .u-cursor-y,
  .u-cursor-pt {
    top: 0;
    left: 0;
    pointer-events: none;
    will-change: transform;
  }
  .u-hz .u-cursor-x {
    height: 100%;
    border-right: 1px dashed ${({ theme }) => theme.colors.textMuted};
  }
  .u-hz .u-cursor-y {
    width: 100%;
    border-bottom: 1px dashed ${({ theme }) => theme.colors.textMuted};
  }
  .u-cursor-pt {
    border: 0 solid;
    border-radius: 50%;
    background-clip: padding-box !important;
  }
  .u-off {
    display: none;
  }
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
