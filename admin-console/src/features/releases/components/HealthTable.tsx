import styled from 'styled-components';
import type { ReleaseHealth } from 'shared-releases';
import { rateText, releaseName, viewsText } from '../lib/canaryText';
import { Code, Muted } from './releaseStyles';

/** Small enough for half a page (an environment's card), so no stacked phone layout like DataTable's. */
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;

  caption {
    margin-bottom: 6px;
    text-align: left;
    font-weight: 700;
  }

  th,
  td {
    padding: 6px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    overflow-wrap: anywhere;
  }

  thead th {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }

  td {
    font-variant-numeric: tabular-nums;
  }
`;

interface HealthTableProps {
  caption: string;
  live: ReleaseHealth;
  /** null: no canary to set beside the live release. */
  canary: ReleaseHealth | null;
}

/** Views and failure rate of the live release and the canary, side by side (one row each). */
export function HealthTable({ caption, live, canary }: HealthTableProps) {
  const rows = canary
    ? ([
        ['現行', live],
        ['カナリア', canary],
      ] as const)
    : ([['現行', live]] as const);
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">配信</th>
          <th scope="col">表示回数</th>
          <th scope="col">失敗率</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, health]) => (
          <tr key={label}>
            <th scope="row">
              {label} {health.version ? <Code>{health.version}</Code> : <Muted>{releaseName(null)}</Muted>}
            </th>
            <td>{viewsText(health.views)}</td>
            <td>{rateText(health.failureRate)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
