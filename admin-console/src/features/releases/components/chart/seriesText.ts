/** The canary chart's Japanese: its events as marked on the chart, times, and the run in a sentence. */
import type { CanarySeries, SeriesEvent } from 'shared-releases';
import { formatJapaneseDateTime } from 'shared-articles';
import { releaseName } from '../../lib/canaryText';
import { metricsOf } from './seriesMetrics';

const EVENT_NAMES: Record<SeriesEvent['kind'], (percent: number | null) => string> = {
  start: (percent) => `開始 ${percent ?? '—'}%`,
  percent: (percent) => `${percent ?? '—'}%`,
  pause: () => '一時停止',
  resume: () => '再開',
  promote: () => '昇格',
  abort: () => '中止',
  withdraw: () => '取り下げ',
};

/** The label of an event's mark on the chart: "10%", "昇格", "取り下げ". */
export const eventLabel = (event: SeriesEvent) => EVENT_NAMES[event.kind](event.percent);

/** The event as the summary lists it: "10%（自動）". */
export const eventText = (event: SeriesEvent) => `${eventLabel(event)}${event.automatic ? '（自動）' : ''}`;

export const STATE_NAMES: Record<CanarySeries['state'], string> = {
  running: '実行中',
  promoted: '昇格済み',
  aborted: '中止',
  withdrawn: '自動で取り下げ',
};

/** "18:05" in Japan's time (the page's times are Japan's: formatJapaneseDateTime). */
export const clockText = (at: string | number) => formatJapaneseDateTime(at).split(' ')[1] ?? '';

/** A bucket's time on the axis: the clock, with the date once a run spans days. */
export const tickText = (at: number, withDate: boolean) => {
  const [date, clock] = formatJapaneseDateTime(at).split(' ');
  return withDate ? `${date!.replace(/^\d+年/, '')} ${clock}` : (clock ?? '');
};

/**
 * The run in one sentence: which canary, how it went, and each measure over the whole run beside
 * the live release's — what a screen reader hears instead of the picture.
 */
export function summarySentence(series: CanarySeries): string {
  const totals = metricsOf(series)
    .map((metric) => {
      const canary = metric.format(metric.total(series, 'canary'));
      const live = metric.format(metric.total(series, 'live'));
      return `${metric.label}はカナリア ${canary}、現行 ${live}`;
    })
    .join('、');
  const span = `${formatJapaneseDateTime(series.startedAt)}から${series.endedAt ? `${formatJapaneseDateTime(series.endedAt)}まで` : '現在まで'}`;
  const steps = series.events.map(eventText).join(' → ');
  return (
    `カナリア ${series.version}（${STATE_NAMES[series.state]}）と現行 ${releaseName(series.live)} の推移、` +
    `${span}（${series.bucketMinutes} 分ごと）。${totals}。経過: ${steps}。`
  );
}
