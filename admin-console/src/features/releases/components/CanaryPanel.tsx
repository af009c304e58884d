import styled from 'styled-components';
import { formatJapaneseDateTime } from 'shared-articles';
import {
  ENVIRONMENT_LABELS,
  type EnvironmentReleases,
  type ReleaseEnvironment,
  type RemoteReleases,
} from 'shared-releases';
import { Button } from 'shared-ui';
import { DangerOutlineButton } from '../../../components/DangerButton';
import type { FlipRequest } from '../api/releaseQueries';
import { decisionRule, decisionState, planText } from '../lib/canaryText';
import { CanaryChartSlot } from './chart/CanaryChartSlot';
import { CanaryPercentForm } from './CanaryPercentForm';
import { CanaryStartForm } from './CanaryStartForm';
import { HealthTable } from './HealthTable';
import { Actions, Code, Facts, Muted } from './releaseStyles';

const Panel = styled.section`
  display: grid;
  gap: 12px;
  padding-top: 12px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

/** The service's withdrawal: a fact to read, not an alert (it happened on its own, maybe hours ago). */
const Withdrawn = styled.p`
  padding: 10px 14px;
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.background};
  font-weight: 700;
`;

interface CanaryPanelProps {
  remote: RemoteReleases;
  environment: ReleaseEnvironment;
  busy: boolean;
  onRequest: (request: FlipRequest) => void;
}

/**
 * An environment's canary (issue 35): its state, version and start, the health window with live
 * and canary side by side, and 割合を変更 / 昇格 / 中止 while it runs; after the service withdrew
 * it, the figures it decided on. Starting one needs a published folder: the CLI does that.
 */
export function CanaryPanel({ remote, environment, busy, onRequest }: CanaryPanelProps) {
  // Partial: a service older than this page (issue 34's) sends neither.
  const { live, canary, health } = remote.environments[environment] as Partial<EnvironmentReleases>;
  const windowCaption = health ? `健全性（直近 ${health.windowMinutes} 分）` : '';
  const target = { remote: remote.remote, workspace: remote.workspace, environment };

  return (
    // Named with remote and environment: a page holds one per environment of every remote, and
    // landmarks with the same name cannot be told apart in a screen reader's list. Not containing
    // the environment card's own name (本番 (production)), which names that card alone.
    <Panel aria-label={`カナリア（${remote.workspace}・${ENVIRONMENT_LABELS[environment]}）`}>
      <h4>カナリア</h4>
      {!canary ? (
        <p>
          <Muted>
            カナリアは実行していません。新しいバージョンを一部の訪問者に配信するには{' '}
            <Code>
              npm run release -- {remote.workspace} --canary 10
              {environment === 'production' ? '' : ` --env ${environment}`}
            </Code>{' '}
            を実行します。
          </Muted>
        </p>
      ) : (
        <Facts>
          <dt>状態</dt>
          <dd>{canary.status === 'running' ? `実行中 ${canary.percent} %` : '自動で取り下げ'}</dd>
          <dt>バージョン</dt>
          <dd>
            <Code>{canary.version}</Code>
          </dd>
          <dt>開始</dt>
          <dd>
            {formatJapaneseDateTime(canary.startedAt)}・{canary.actor ?? '不明'}
          </dd>
          {canary.plan && (
            <>
              <dt>ステップ</dt>
              <dd>{planText(canary.plan)}</dd>
            </>
          )}
          {canary.withdrawn && (
            <>
              <dt>取り下げ</dt>
              <dd>{formatJapaneseDateTime(canary.withdrawn.at)}・自動</dd>
            </>
          )}
        </Facts>
      )}
      {!canary && (
        <CanaryStartForm
          label={`カナリアを開始（${remote.workspace}・${ENVIRONMENT_LABELS[environment]}）`}
          busy={busy}
          onStart={(start) => onRequest({ kind: 'canary-start', ...target, ...start, live: live?.version ?? null })}
        />
      )}
      {canary?.withdrawn && (
        <>
          <Withdrawn>
            このカナリアは失敗率が高いため自動で取り下げられました。すべての訪問者に現行のリリースを配信しています。
          </Withdrawn>
          <HealthTable
            caption="取り下げの判断に使った数値"
            live={canary.withdrawn.decision.live}
            canary={canary.withdrawn.decision.canary}
          />
          <p>
            <Muted>{decisionRule(canary.withdrawn.decision)}</Muted>
          </p>
          {/* The service refuses a new canary until this one is cleared away. */}
          <Actions>
            <DangerOutlineButton
              type="button"
              disabled={busy}
              onClick={() =>
                onRequest({
                  kind: 'canary-abort',
                  ...target,
                  version: canary.version,
                  live: live?.version ?? null,
                  withdrawn: true,
                })
              }
            >
              中止
            </DangerOutlineButton>
          </Actions>
          <p>
            <Muted>修正したバージョンで新しいカナリアを始める前に、中止して片付けてください。</Muted>
          </p>
        </>
      )}
      {health && <HealthTable caption={windowCaption} live={health.live} canary={health.canary} />}
      <CanaryChartSlot remote={remote.remote} environment={environment} version={canary?.version ?? null} />
      {canary?.status === 'running' && (
        <>
          {/* The service's sequential test on the figures above (absent from an older service). */}
          {health?.decision?.test && (
            <p>
              <Muted>{decisionState(health.decision)}</Muted>
            </p>
          )}
          <CanaryPercentForm
            // A new share (or canary) starts the field afresh: the number typed was for the old one.
            key={`${canary.version}-${canary.percent}`}
            current={canary.percent}
            busy={busy}
            onChoose={(percent) =>
              onRequest({ kind: 'canary-percent', ...target, version: canary.version, from: canary.percent, percent })
            }
          />
          <Actions>
            {canary.plan && (
              <Button
                type="button"
                $variant="secondary"
                disabled={busy}
                onClick={() =>
                  onRequest({
                    kind: canary.plan!.paused ? 'canary-resume' : 'canary-pause',
                    ...target,
                    version: canary.version,
                  })
                }
              >
                {canary.plan.paused ? '再開' : '一時停止'}
              </Button>
            )}
            <Button
              type="button"
              disabled={busy}
              onClick={() =>
                onRequest({ kind: 'canary-promote', ...target, version: canary.version, live: live?.version ?? null })
              }
            >
              昇格 (100 %)
            </Button>
            <DangerOutlineButton
              type="button"
              disabled={busy}
              onClick={() =>
                onRequest({ kind: 'canary-abort', ...target, version: canary.version, live: live?.version ?? null })
              }
            >
              中止
            </DangerOutlineButton>
          </Actions>
        </>
      )}
    </Panel>
  );
}
