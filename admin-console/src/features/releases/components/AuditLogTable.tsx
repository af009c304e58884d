import styled from 'styled-components';
import { formatJapaneseDateTime } from 'shared-articles';
import type { AuditEntry, CanaryDecision } from 'shared-releases';
import { DataTable, HiddenCaption } from '../../../components/DataTable';
import { rateText, viewsText } from '../lib/canaryText';
import { ACTION_LABELS, environmentName, OUTCOME_LABELS } from '../lib/releaseText';
import { Code, Muted } from './releaseStyles';

const Outcome = styled.span<{ $done: boolean }>`
  font-weight: 700;
  color: ${({ theme, $done }) => ($done ? theme.colors.text : theme.colors.danger)};
`;

const Problems = styled.ul`
  margin: 4px 0 0;
  padding-left: 1.2em;
`;

const decisionSummary = ({ canary, live, test }: CanaryDecision) =>
  `失敗率 カナリア ${rateText(canary.failureRate)}（${viewsText(canary.views)}）・現行 ${rateText(live.failureRate)}（${viewsText(live.views)}）` +
  (test ? `・尤度比 ${test.withdrawStatistic}（境界 ${test.withdrawBoundary}）` : '');

/** A remote's audit log, newest first: who did what, where, a canary's share, and why the service refused or withdrew. */
export function AuditLogTable({ workspace, entries }: { workspace: string; entries: readonly AuditEntry[] }) {
  if (entries.length === 0) return <Muted>記録はまだありません。</Muted>;
  const newestFirst = [...entries].sort((a, b) => b.id - a.id);
  return (
    <DataTable>
      <HiddenCaption>{workspace} の監査ログ</HiddenCaption>
      <thead>
        <tr>
          <th scope="col">日時</th>
          <th scope="col">実行者</th>
          <th scope="col">操作</th>
          <th scope="col">結果</th>
          <th scope="col">環境</th>
          <th scope="col">バージョン</th>
          <th scope="col">詳細</th>
        </tr>
      </thead>
      <tbody>
        {newestFirst.map((entry) => (
          <tr key={entry.id}>
            <td data-label="日時">{formatJapaneseDateTime(entry.at)}</td>
            <td data-label="実行者">
              {/* The service withdraws a canary on its own: no account did it. */}
              {entry.action === 'canary-withdraw'
                ? '自動'
                : (entry.actor.email ?? entry.actor.uid ?? <Muted>不明</Muted>)}
            </td>
            <td data-label="操作">{ACTION_LABELS[entry.action]}</td>
            <td data-label="結果">
              <Outcome $done={entry.outcome === 'done'}>{OUTCOME_LABELS[entry.outcome]}</Outcome>
              {/* An account's refusals without rights: one line per minute, counted. */}
              {(entry.attempts ?? 1) > 1 && <Muted>（{entry.attempts} 回）</Muted>}
            </td>
            <td data-label="環境">{environmentName(entry.environment)}</td>
            <td data-label="バージョン">{entry.version ? <Code>{entry.version}</Code> : <Muted>—</Muted>}</td>
            <td data-label="詳細">
              {typeof entry.canaryPercent === 'number' && <div>割合 {entry.canaryPercent} %</div>}
              {entry.decision && <div>{decisionSummary(entry.decision)}</div>}
              {entry.message ??
                (entry.outcome === 'done' && typeof entry.canaryPercent !== 'number' ? <Muted>—</Muted> : null)}
              {entry.verdict && entry.verdict.problems.length > 0 && (
                <Problems>
                  {entry.verdict.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </Problems>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
