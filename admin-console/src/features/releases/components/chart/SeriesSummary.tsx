import styled from 'styled-components';
import type { CanarySeries } from 'shared-releases';
import { clockText, eventText, summarySentence } from './seriesText';
import { metricsOf } from './seriesMetrics';

const Details = styled.details`
  font-size: 0.9rem;

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.accentText};
  }
`;

/** Scrolls sideways inside the card at 375 px instead of widening the page. */
const Scroll = styled.div`
  overflow-x: auto;
  max-height: 24rem;
  overflow-y: auto;
`;

const Table = styled.table`
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;

  th,
  td {
    padding: 4px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
    white-space: nowrap;
  }

  th:first-child,
  td:last-child {
    text-align: left;
  }
`;

const SIDES = [
  ['canary', 'カナリア'],
  ['live', '現行'],
] as const;

/**
 * The chart as text (for screen readers, and anyone who wants the numbers): the run in a sentence,
 * then a table of every bucket with views or an event — a bucket of nothing is left out.
 */
export function SeriesSummary({ series }: { series: CanarySeries }) {
  const bucketMs = series.bucketMinutes * 60_000;
  const rows = series.points
    .map((point) => {
      const from = Date.parse(point.at);
      const events = series.events.filter((event) => {
        const at = Date.parse(event.at);
        return at >= from && at < from + bucketMs;
      });
      return { point, events };
    })
    .filter(({ point, events }) => point.canary.views + point.live.views > 0 || events.length > 0);
  const metrics = metricsOf(series);
  return (
    <Details>
      <summary>推移を表で見る</summary>
      <p>{summarySentence(series)}</p>
      {/* Focusable: a keyboard can scroll it (axe: scrollable-region-focusable). */}
      <Scroll tabIndex={0} role="region" aria-label={`カナリア ${series.version} の推移の表`}>
        <Table>
          <caption>{series.bucketMinutes} 分ごとの数値（表示のない時間帯は省略）</caption>
          <thead>
            <tr>
              <th scope="col">時刻</th>
              {SIDES.flatMap(([side, name]) =>
                metrics.map((metric) => (
                  <th key={`${side}-${metric.key}`} scope="col">
                    {name} {metric.label}
                  </th>
                )),
              )}
              <th scope="col">出来事</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ point, events }) => (
              <tr key={point.at}>
                <th scope="row">{clockText(point.at)}</th>
                {SIDES.flatMap(([side]) =>
                  metrics.map((metric) => (
                    <td key={`${side}-${metric.key}`}>{metric.format(metric.value(point[side]))}</td>
                  )),
                )}
                <td>{events.map(eventText).join('・')}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroll>
    </Details>
  );
}
