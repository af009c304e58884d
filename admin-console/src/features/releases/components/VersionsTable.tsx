import { formatJapaneseDateTime } from 'shared-articles';
import { ENVIRONMENT_LABELS, RELEASE_ENVIRONMENTS, type RemoteReleases } from 'shared-releases';
import { Button } from 'shared-ui';
import { DataTable, HiddenCaption } from '../../../components/DataTable';
import type { FlipRequest } from '../api/releaseQueries';
import { Code, Muted } from './releaseStyles';

interface VersionsTableProps {
  remote: RemoteReleases;
  busy: boolean;
  onRequest: (request: FlipRequest) => void;
}

/** The versions published for a remote, newest first; any of them may be promoted to production. */
export function VersionsTable({ remote, busy, onRequest }: VersionsTableProps) {
  if (remote.versions.length === 0) return <Muted>公開済みのバージョンはまだありません。</Muted>;
  const liveIn = (version: string) =>
    RELEASE_ENVIRONMENTS.filter((environment) => remote.environments[environment].live?.version === version);
  return (
    <DataTable>
      <HiddenCaption>{remote.workspace} の公開済みバージョン</HiddenCaption>
      <thead>
        <tr>
          <th scope="col">バージョン</th>
          <th scope="col">公開日時</th>
          <th scope="col">公開者</th>
          <th scope="col">コミット</th>
          <th scope="col">公開中</th>
          <th scope="col">操作</th>
        </tr>
      </thead>
      <tbody>
        {remote.versions.map(({ version, createdAt, createdBy, sourceCommit }) => {
          const live = liveIn(version);
          return (
            <tr key={version}>
              <td data-label="バージョン">
                <Code>{version}</Code>
              </td>
              <td data-label="公開日時">{formatJapaneseDateTime(createdAt)}</td>
              <td data-label="公開者">{createdBy ?? <Muted>不明</Muted>}</td>
              <td data-label="コミット">
                {sourceCommit ? <Code>{sourceCommit.slice(0, 12)}</Code> : <Muted>—</Muted>}
              </td>
              <td data-label="公開中">
                {live.length > 0 ? (
                  live.map((environment) => ENVIRONMENT_LABELS[environment]).join('・')
                ) : (
                  <Muted>—</Muted>
                )}
              </td>
              <td data-label="操作">
                <Button
                  type="button"
                  $variant="secondary"
                  aria-label={`${version} を本番へ昇格`}
                  disabled={busy || live.includes('production')}
                  onClick={() =>
                    onRequest({
                      kind: 'promote',
                      remote: remote.remote,
                      workspace: remote.workspace,
                      environment: 'production',
                      version,
                    })
                  }
                >
                  本番へ昇格
                </Button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
