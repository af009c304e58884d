import { useId } from 'react';
import styled from 'styled-components';
import { formatJapaneseDateTime } from 'shared-articles';
import type { ReleaseEnvironment, RemoteReleases } from 'shared-releases';
import { Button } from 'shared-ui';
import { DangerOutlineButton } from '../../../components/DangerButton';
import type { FlipRequest } from '../api/releaseQueries';
import { ACTION_LABELS, environmentName } from '../lib/releaseText';
import { rollbackTarget } from '../lib/rollbackTarget';
import { CanaryPanel } from './CanaryPanel';
import { Actions, Card, Code, Facts, Muted } from './releaseStyles';

const History = styled.ol`
  display: grid;
  gap: 6px;
  margin: 0;
  padding-left: 1.4em;
  font-size: 0.9rem;
`;

interface EnvironmentPanelProps {
  remote: RemoteReleases;
  environment: ReleaseEnvironment;
  /** A request runs: every button waits. */
  busy: boolean;
  onRequest: (request: FlipRequest) => void;
}

/** One environment of a remote: its live release, 本番へ昇格 (from staging), ロールバック, its canary, its history. */
export function EnvironmentPanel({ remote, environment, busy, onRequest }: EnvironmentPanelProps) {
  const headingId = useId();
  const { live, history } = remote.environments[environment];
  const back = rollbackTarget(remote.environments[environment]);
  const inProduction = remote.environments.production.live?.version;
  const promotable = environment === 'staging' && live !== null && live.version !== inProduction;
  const target = { remote: remote.remote, workspace: remote.workspace };

  return (
    <Card aria-labelledby={headingId}>
      <h3 id={headingId}>{environmentName(environment)}</h3>
      {live ? (
        <Facts>
          <dt>公開中</dt>
          <dd>
            <Code>{live.version}</Code>
          </dd>
          <dt>日時</dt>
          <dd>{formatJapaneseDateTime(live.at)}</dd>
          <dt>実行者</dt>
          <dd>{live.actor ?? <Muted>不明</Muted>}</dd>
          <dt>マニフェスト</dt>
          <dd>
            <Code>{live.manifestUrl}</Code>
          </dd>
        </Facts>
      ) : (
        <p>
          <Muted>リリースストアからの配信はありません（デプロイ済みのビルドを配信中）。</Muted>
        </p>
      )}
      <Actions>
        {environment === 'staging' && (
          <Button
            type="button"
            disabled={busy || !promotable}
            onClick={() =>
              live && onRequest({ kind: 'promote', ...target, environment: 'production', version: live.version })
            }
          >
            本番へ昇格
          </Button>
        )}
        <DangerOutlineButton
          type="button"
          disabled={busy || back === null}
          onClick={() =>
            live && back && onRequest({ kind: 'rollback', ...target, environment, from: live.version, version: back })
          }
        >
          ロールバック
        </DangerOutlineButton>
      </Actions>
      {live && back === null && (
        <p>
          <Muted>{live.version} より前のリリースがないため、ロールバックできません。</Muted>
        </p>
      )}
      <CanaryPanel remote={remote} environment={environment} busy={busy} onRequest={onRequest} />
      <h4>履歴</h4>
      {history.length === 0 ? (
        <p>
          <Muted>まだありません。</Muted>
        </p>
      ) : (
        <History aria-label={`${environmentName(environment)}の履歴`}>
          {history.map((step, index) => (
            <li key={`${step.at}-${index}`}>
              <Code>{step.version}</Code> {ACTION_LABELS[step.action]}・{formatJapaneseDateTime(step.at)}・
              {step.actor ?? '不明'}
            </li>
          ))}
        </History>
      )}
    </Card>
  );
}
