/**
 * uPlot's options for one measure of a canary's series: the theme's colours (canvas pixels cannot
 * follow CSS, so they are read from the theme each time it changes), Japan's time on the x axis,
 * and the canary's events drawn as vertical lines with their labels.
 */
import uPlot from 'uplot';
import type { AppTheme } from 'shared-ui';
import type { CanarySeries } from 'shared-releases';
import type { SeriesMetric } from './seriesMetrics';
import { eventLabel, tickText } from './seriesText';

export const PLOT_HEIGHT = 160;
const DAY_SECONDS = 86_400;
const MIN_BUCKETS = 10;

/**
 * x: each bucket's middle in seconds (its value is over the whole bucket, and so lies after a mark
 * of an event early in it); then the canary's values and the live release's.
 */
export function plotData(series: CanarySeries, metric: SeriesMetric): uPlot.AlignedData {
  const half = (series.bucketMinutes * 60) / 2;
  return [
    series.points.map((point) => Date.parse(point.at) / 1000 + half),
    series.points.map((point) => metric.value(point.canary)),
    series.points.map((point) => metric.value(point.live)),
  ];
}

/** The canary's start, steps, pauses and end as dashed vertical lines, their labels staggered in 3 rows. */
function eventMarks(series: CanarySeries, theme: AppTheme): uPlot.Plugin {
  return {
    hooks: {
      draw: [
        (plot) => {
          const { ctx } = plot;
          const { left, top, width, height } = plot.bbox;
          const ratio = globalThis.devicePixelRatio || 1;
          ctx.save();
          ctx.lineWidth = ratio;
          ctx.setLineDash([4 * ratio, 3 * ratio]);
          ctx.font = `${11 * ratio}px sans-serif`;
          ctx.textBaseline = 'top';
          ctx.textAlign = 'left'; // the axes' last alignment stays on the context otherwise
          series.events.forEach((event, index) => {
            const x = Math.round(plot.valToPos(Date.parse(event.at) / 1000, 'x', true));
            if (x < left - 1 || x > left + width + 1) return;
            const colour =
              event.kind === 'withdraw' || event.kind === 'abort' ? theme.colors.danger : theme.colors.text;
            ctx.strokeStyle = colour;
            ctx.fillStyle = colour;
            ctx.beginPath();
            ctx.moveTo(x, top);
            ctx.lineTo(x, top + height);
            ctx.stroke();
            const label = eventLabel(event);
            const labelWidth = ctx.measureText(label).width;
            // Right of the line, or left of it where it would leave the plot.
            const textX = x + 3 * ratio + labelWidth > left + width ? x - 3 * ratio - labelWidth : x + 3 * ratio;
            ctx.fillText(label, textX, top + 2 * ratio + (index % 3) * 13 * ratio);
          });
          ctx.restore();
        },
      ],
    },
  };
}

export function plotOptions(series: CanarySeries, metric: SeriesMetric, theme: AppTheme, width: number): uPlot.Options {
  const { colors } = theme;
  const first = Date.parse(series.points[0]?.at ?? series.startedAt) / 1000;
  const bucket = series.bucketMinutes * 60;
  // To the end of the last bucket, and at least MIN_BUCKETS wide: uPlot would widen a range of one
  // point to days (a fresh canary's), ticks at midnight.
  const last = Math.max(
    Date.parse(series.points.at(-1)?.at ?? series.startedAt) / 1000 + bucket,
    first + MIN_BUCKETS * bucket,
  );
  const withDate = last - first >= DAY_SECONDS;
  const axis = {
    stroke: colors.text,
    grid: { stroke: colors.border, width: 1 },
    ticks: { stroke: colors.border, width: 1 },
    font: '11px sans-serif',
  };
  return {
    width,
    height: PLOT_HEIGHT,
    // Ticks at round times in Japan, like every other time on the page.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Asia/Tokyo'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: true, range: [first, last] },
      y: { range: (_plot, min, max) => [metric.min ?? min, max > (metric.min ?? min) ? max : (metric.min ?? min) + 1] },
    },
    axes: [
      {
        ...axis,
        space: withDate ? 110 : 60,
        values: (_plot, splits) => splits.map((s) => tickText(s * 1000, withDate)),
      },
      { ...axis, size: 70, values: (_plot, splits) => splits.map((value) => metric.format(value)) },
    ],
    series: [
      {},
      { label: 'カナリア', stroke: colors.accentText, width: 2, spanGaps: false },
      { label: '現行', stroke: colors.textMuted, width: 2, dash: [6, 4], spanGaps: false },
    ],
    plugins: [eventMarks(series, theme)],
  };
}
